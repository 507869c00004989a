/** A per-client token bucket kept in memory, with a bounded number of clients. */

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface RateLimiter {
  take(client: string): RateDecision;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

export function createRateLimiter(options: {
  capacity: number;
  refillPerSecond: number;
  maxClients: number;
  now: () => number;
}): RateLimiter {
  const { capacity, refillPerSecond, maxClients, now } = options;
  // Map keeps insertion order; re-inserting on every visit makes the first key the least recently seen.
  const buckets = new Map<string, Bucket>();

  return {
    take(client) {
      const time = now();
      const previous = buckets.get(client);
      buckets.delete(client);
      const elapsed = previous ? Math.max(0, time - previous.updatedAt) / 1000 : 0;
      const tokens = previous ? Math.min(capacity, previous.tokens + elapsed * refillPerSecond) : capacity;

      const allowed = tokens >= 1;
      buckets.set(client, { tokens: allowed ? tokens - 1 : tokens, updatedAt: time });
      while (buckets.size > maxClients) {
        const oldest = buckets.keys().next().value as string;
        buckets.delete(oldest);
      }
      if (allowed) return { ok: true };
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / refillPerSecond)) };
    },
  };
}
