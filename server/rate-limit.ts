/**
 * Rate limiting through rate-limiter-flexible: each store hands out a limiter whose counters live
 * where the store's data lives (memory, the SQLite file, the PostgreSQL database), so every
 * instance that shares the store shares the limit. Fixed window: `points` requests per
 * `durationSeconds` per client address.
 */
import type { RateDecision } from './types.js';

/**
 * Runs a rate-limiter-flexible `consume`: it resolves when a point was spent and rejects with a
 * RateLimiterRes (not an Error) when the client is over its limit. A store error (an Error) is
 * re-thrown, so the handler answers 503.
 */
export async function rateDecision(consume: () => Promise<unknown>): Promise<RateDecision> {
  try {
    await consume();
    return { ok: true };
  } catch (rejection) {
    if (rejection instanceof Error || typeof rejection !== 'object' || rejection === null) throw rejection;
    const msBeforeNext = Number((rejection as { msBeforeNext?: unknown }).msBeforeNext);
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((Number.isFinite(msBeforeNext) ? msBeforeNext : 1000) / 1000)) };
  }
}
