/**
 * HubSpot's Forms API v3 answer to a submission: whether it is the documented success (200 with
 * `inlineMessage` or `redirectUri`; its errors come as 400 with `{ status: "error", errors }`).
 * The element's HubSpot mode (src/lib/hubspot.ts) and the server's forwarding (server/crm/)
 * both read it here.
 *
 * Plain data and pure functions only: no DOM, no Node built-ins.
 */

/** The answer's body (parsed JSON) confirms the submission; the caller checks the status is 200. */
export function isHubspotSuccess(answer: unknown): boolean {
  if (typeof answer !== 'object' || answer === null) return false;
  const record = answer as Record<string, unknown>;
  if (record.status === 'error' || Array.isArray(record.errors)) return false;
  return typeof record.inlineMessage === 'string' || typeof record.redirectUri === 'string';
}
