/**
 * The lead server's spam token (server/bot-token.ts), asked for with a GET on the endpoint when the
 * download dialog opens and sent back with the lead as `lead_token`: its age is how long the form
 * was open, so it is fetched at the opening, not at the sending. Its own lazy chunk, loaded by that
 * opening. An endpoint that gives none (another server, a network error) gets the lead without it.
 */
import { normalizeEndpoint } from './endpoint.js';

export async function fetchLeadToken(to: {
  endpoint?: string | undefined;
  hubspotPortal?: string | undefined;
  hubspotForm?: string | undefined;
}): Promise<string | undefined> {
  if (to.hubspotPortal || to.hubspotForm) return undefined; // HubSpot mode: no lead server to ask
  try {
    const response = await fetch(new URL(normalizeEndpoint(to.endpoint), document.baseURI), {
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(3000),
    });
    const token: unknown = response.ok ? ((await response.json()) as { token?: unknown } | null)?.token : undefined;
    return typeof token === 'string' && token.length <= 200 ? token : undefined;
  } catch {
    return undefined;
  }
}
