/**
 * Reading a `Retry-After` header (delay-seconds or an HTTP-date, RFC 9110 §10.2.3): the element's
 * sending (src/lib/submit.ts) waits for a 429 or 503 of the lead server, the server's delivery
 * (server/crm/) for a CRM's.
 *
 * Plain data and pure functions only: no DOM, no Node built-ins.
 */

/**
 * The header's wait in milliseconds from `now`, at most `maxMs`: a date already past is 0;
 * undefined when the header is absent or unreadable (a negative or fractional number, a word).
 */
export function retryAfterMs(header: string | null | undefined, now: number, maxMs = Infinity): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Math.min(Number(value) * 1000, maxMs);
  const date = /[a-z]/i.test(value) ? Date.parse(value) : NaN; // an HTTP-date has a day and month name
  return Number.isNaN(date) ? undefined : Math.min(Math.max(date - now, 0), maxMs);
}
