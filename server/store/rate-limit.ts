/**
 * Rate limiting through rate-limiter-flexible: each store hands out a limiter whose counters live
 * where they belong (this process's memory for SQLite and the memory store: they hold client
 * addresses, stay out of the leads file and vanish when their window ends; the PostgreSQL database,
 * shared by every instance). Fixed window: `points` requests per `durationSeconds` per client key
 * (middleware/client.ts).
 */
import type { RateDecision, SharedRateLimiter } from '../types.js';

type Consume = (client: string) => Promise<unknown>;

/**
 * A limiter from a rate-limiter-flexible `consume`: it resolves when a point was spent and rejects
 * with a RateLimiterRes (not an Error) when the client is over its limit. A store error (an Error)
 * is re-thrown, so the handler answers 503.
 */
export function limiterOf(consume: Promise<Consume>): SharedRateLimiter {
  return {
    async consume(client): Promise<RateDecision> {
      try {
        await (
          await consume
        )(client);
        return { ok: true };
      } catch (rejection) {
        if (rejection instanceof Error || typeof rejection !== 'object' || rejection === null) throw rejection;
        const msBeforeNext = Number((rejection as { msBeforeNext?: unknown }).msBeforeNext);
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((Number.isFinite(msBeforeNext) ? msBeforeNext : 1000) / 1000)) };
      }
    },
  };
}

/** Counters in this process's memory. */
export const memoryLimiter = ({ points, durationSeconds }: { points: number; durationSeconds: number }): SharedRateLimiter =>
  limiterOf(
    import('rate-limiter-flexible').then(({ RateLimiterMemory }) => {
      const limiter = new RateLimiterMemory({ points, duration: durationSeconds });
      return (client: string) => limiter.consume(client);
    }),
  );
