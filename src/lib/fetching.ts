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
