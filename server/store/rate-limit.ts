/** Fixed-window rate limits (rate-limiter-flexible): in memory for SQLite and memory (addresses stay out of the leads file), in PostgreSQL for every instance. */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateDecision, SharedRateLimiter } from '../types.js';

type Flexible = typeof import('rate-limiter-flexible');

/** `consume` rejects with a RateLimiterRes when over the limit; an Error (the store's) is re-thrown: a 503. */
export function limiterOf(create: (flexible: Flexible) => Pick<RateLimiterAbstract, 'consume'>): SharedRateLimiter {
  const limiter = import('rate-limiter-flexible').then(create);
  return {
    async consume(client): Promise<RateDecision> {
      try {
        await (await limiter).consume(client);
        return { ok: true };
      } catch (rejection) {
        if (rejection instanceof Error || typeof rejection !== 'object' || rejection === null) throw rejection;
        const msBeforeNext = Number((rejection as { msBeforeNext?: unknown }).msBeforeNext);
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((Number.isFinite(msBeforeNext) ? msBeforeNext : 1000) / 1000)) };
      }
    },
  };
}

/** Clients one memory limiter counts per window: past it, a new client is told to wait (a flood of made-up addresses). */
const MAX_CLIENTS = 10_000;

export const memoryLimiter = ({ points, durationSeconds }: { points: number; durationSeconds: number }, maxClients = MAX_CLIENTS): SharedRateLimiter =>
  limiterOf(({ RateLimiterMemory }) => {
    const limiter = new RateLimiterMemory({ points, duration: durationSeconds });
    // Each client is a key until its window ends; a new one first takes a point of `clients`, so
    // the keys kept never pass twice maxClients, however many addresses a flood makes up.
    const clients = new RateLimiterMemory({ points: maxClients, duration: durationSeconds });
    return {
      consume: async (client: string) => {
        if ((await limiter.get(client)) === null) await clients.consume('new clients');
        return limiter.consume(client);
      },
    };
  });
