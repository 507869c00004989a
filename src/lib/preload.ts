/**
 * A module loader that starts once and can be read synchronously once it has arrived,
 * so a section preloaded after first render shows without a loading state or Suspense delay.
 * A failed load is retried (a flaky connection), and a call after a final failure starts over.
 *
 * Every attempt after a failure asks for a new URL: a browser keeps a module URL that failed to
 * load as failed for the life of the page (Chromium answers a second import() of it at once,
 * without a request), so only a fresh URL really fetches again. The loader is written
 * `(_retryQuery) => import('./Chunk.js')` and the build appends `_retryQuery` (empty on a first
 * attempt, `?retry=N` after) to the chunk's URL: see retryableImports in rollup.config.mjs.
 */
export interface Preloadable<T> {
  (): Promise<T>;
  /** The loaded value, or undefined while it is still on its way (or failed). */
  current(): T | undefined;
  /** Supply the value now (a server build imports the module statically and renders synchronously). */
  provide(value: T): void;
}

/** Tries after a failed chunk load, and the pause before each (doubling). */
const CHUNK_RETRY = { retries: 2, delayMs: 500 } as const;

/** The query a chunk's URL gets on the attempt after `failures` failed ones ('' on the first). */
const retryQuery = (failures: number): string => (failures ? `?retry=${failures}` : '');

export function preloadable<T>(load: (retryQuery: string) => Promise<T>, retry: { retries: number; delayMs: number } = CHUNK_RETRY): Preloadable<T> {
  let promise: Promise<T> | undefined;
  let value: T | undefined;
  let failures = 0; // over the page's life: "Try again" must not reuse a URL that failed
  const attempt = async (): Promise<T> => {
    for (let n = 0; ; n++) {
      try {
        return await load(retryQuery(failures));
      } catch (error) {
        failures++;
        if (n >= retry.retries) throw error;
        await new Promise((resolve) => setTimeout(resolve, retry.delayMs * 2 ** n));
      }
    }
  };
  const start = () => {
    promise ??= attempt().then(
      (loaded) => (value = loaded),
      (error: unknown) => {
        promise = undefined; // a failed chunk may be retried on the next call
        throw error;
      },
    );
    return promise;
  };
  const provide = (loaded: T) => {
    value = loaded;
    promise = Promise.resolve(loaded);
  };
  return Object.assign(start, { current: () => value, provide });
}
