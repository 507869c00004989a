/** The spec's data-fetching defaults (the sending code's lazy chunk is their one reader). */

/** Data fetching: retries, back-off from 1 s doubling to 30 s, cache lifetime 5 minutes. */
export const FETCHING = {
  retries: 3,
  initialDelayMs: 1_000,
  maxDelayMs: 30_000,
  attemptTimeoutMs: 15_000,
  totalBudgetMs: 30_000,
  cacheLifetimeMs: 5 * 60_000,
} as const;

/**
 * A lead still being sent after this long (a 503 being retried, a hung server) no longer holds the
 * visitor up: the element hands over its own PDF and the send goes on in the background, with the
 * retries above, while the page is open (lead-download.ts). Today's retries took 7.4 s against a
 * 503 and 30.6 s against a server that never answers.
 */
export const HAND_OVER_MS = 5_000;
