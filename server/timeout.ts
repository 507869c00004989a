/** Bounds a promise in time. */

export class TimeoutError extends Error {
  override name = 'TimeoutError';
}

/** Rejects with a TimeoutError after `ms` (the promise itself keeps running; its result is ignored). */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}
