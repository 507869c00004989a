/**
 * A module loader that starts once and can be read synchronously once it has arrived,
 * so a section preloaded after first render shows without a loading state or Suspense delay.
 */
export interface Preloadable<T> {
  (): Promise<T>;
  /** The loaded value, or undefined while it is still on its way (or failed). */
  current(): T | undefined;
}

export function preloadable<T>(load: () => Promise<T>): Preloadable<T> {
  let promise: Promise<T> | undefined;
  let value: T | undefined;
  const start = () => {
    promise ??= load().then(
      (loaded) => (value = loaded),
      (error: unknown) => {
        promise = undefined; // a failed chunk may be retried on the next call
        throw error;
      },
    );
    return promise;
  };
  return Object.assign(start, { current: () => value });
}
