/**
 * The lead server's spam token (server/spam/token.ts), asked for with a GET on the endpoint when the
 * download dialog opens and sent back with the lead as `lead_token`: its age is how long the form
 * was open, so it is fetched at the opening, not at the sending. Its own lazy chunk, loaded by that
 * opening. An endpoint that gives none (another server, a network error) gets the lead without it.
 * Only an `endpoint` given as a full address is asked: that is how `redcliffe-leads snippet` and the
 * WordPress plugin name the lead server, while a host that mounts a handler of its own on a path
 * answers POST only, and a GET there would put a 404 or 405 in the page's console. When the answer
 * also carries a proof-of-work `challenge` (SPAM_CHALLENGE=altcha), it is solved here in the
 * lead-solve.ts chunk and its solution sent as `altcha`.
 */
import { normalizeEndpoint } from './endpoint.js';

/** Sent beside the lead: the token, and the challenge's solution when the server asked for one. */
export type LeadProof = { lead_token: string; altcha?: object };

/** The proof-of-work solver (lead-solve.ts): fetched only when the server sends a challenge. */
const loadSolver = (_retryQuery: string) => import('./lead-solve.js');

export async function fetchLeadToken(to: {
  endpoint?: string | undefined;
  hubspotPortal?: string | undefined;
  hubspotForm?: string | undefined;
}): Promise<LeadProof | undefined> {
  if (to.hubspotPortal || to.hubspotForm) return undefined; // HubSpot mode: no lead server to ask
  if (!/^https?:\/\//i.test(to.endpoint?.trim() ?? '')) return undefined;
  try {
    const response = await fetch(new URL(normalizeEndpoint(to.endpoint), document.baseURI), {
      credentials: 'omit',
      cache: 'no-store',
      signal: AbortSignal.timeout(3000),
    });
    const answer = response.ok ? ((await response.json()) as { token?: unknown; challenge?: unknown } | null) : undefined;
    const token = answer?.token;
    if (typeof token !== 'string' || token.length > 200) return undefined;
    // SPAM_CHALLENGE=altcha: solved now, while the visitor types; the send awaits it.
    const solved = answer!.challenge
      ? await loadSolver('').then(
          (solver) => solver.solveLeadChallenge(answer!.challenge as Parameters<typeof solver.solveLeadChallenge>[0]),
          () => ({}),
        )
      : {};
    return { lead_token: token, ...solved };
  } catch {
    return undefined;
  }
}
