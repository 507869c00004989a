/**
 * Rate limits through rate-limiter-flexible, fixed windows per client key: in memory for SQLite and
 * the memory store (client addresses stay out of the leads file), in PostgreSQL for every instance.
 */
import type { RateDecision, SharedRateLimiter } from '../types.js';

type Consume = (client: string) => Promise<unknown>;

/** `consume` rejects with a RateLimiterRes when over the limit; an Error (the store's) is re-thrown: a 503. */
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

export const memoryLimiter = ({ points, durationSeconds }: { points: number; durationSeconds: number }): SharedRateLimiter =>
  limiterOf(
    import('rate-limiter-flexible').then(({ RateLimiterMemory }) => {
      const limiter = new RateLimiterMemory({ points, duration: durationSeconds });
      return (client: string) => limiter.consume(client);
    }),
  );
