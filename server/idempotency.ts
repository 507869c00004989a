/** Remembers the answer given for each Idempotency-Key, in memory, with a TTL and a size bound. */

export interface Answer {
  status: number;
  body: unknown;
}

export interface IdempotencyCache {
  /**
   * Runs `work` once per key: a later or concurrent call with the same key gets
   * the same promise. Answers that `remember` rejects (and thrown errors) are
   * forgotten at once, so a retry runs `work` again.
   */
  run(key: string, work: () => Promise<Answer>): Promise<Answer>;
}

/** Keys the client may send: 1 to 200 visible ASCII characters (a UUID fits). */
export function isValidIdempotencyKey(key: string): boolean {
  return /^[\x21-\x7e]{1,200}$/.test(key);
}

export function createIdempotencyCache(options: {
  ttlMs: number;
  maxKeys: number;
  now: () => number;
  remember: (answer: Answer) => boolean;
}): IdempotencyCache {
  const entries = new Map<string, { expiresAt: number; answer: Promise<Answer> }>();

  const prune = (time: number) => {
    // Insertion order is expiry order (one TTL for all), so stop at the first live entry.
    for (const [key, entry] of entries) {
      if (entry.expiresAt > time && entries.size <= options.maxKeys) break;
      entries.delete(key);
    }
  };

  return {
    run(key, work) {
      const time = options.now();
      const existing = entries.get(key);
      if (existing && existing.expiresAt > time) return existing.answer;
      entries.delete(key);

      const answer = work();
      const entry = { expiresAt: time + options.ttlMs, answer };
      entries.set(key, entry);
      prune(time);
      const forget = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      answer.then((result) => options.remember(result) || forget(), forget);
      return answer;
    },
  };
}
