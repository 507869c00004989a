import { useCallback, useEffect, useState } from 'react';
import type { Preloadable } from '../../lib/preload.js';

/** Logs a chunk that could not be loaded after the loader's retries (one message for every lazy chunk). */
export function logChunkFailure(what: string, error: unknown): void {
  console.error(`<redcliffe-case-study>: could not load the ${what} chunk (a network error or a failed integrity check: see the browser's message).`, error);
}

/**
 * The value of a lazily loaded chunk once it is wanted: at once if it was preloaded, else after it
 * arrives. Plain state, not Suspense, so a chunk is shown as soon as it is there (no reveal
 * throttling). The loader itself retries a failed fetch; a load that still fails is logged and
 * reported as `failed`, and `tryAgain()` (a visitor's "Try again") starts it again.
 */
export function usePreloaded<T>(load: Preloadable<T>, what: string, wanted = true): { value: T | undefined; failed: boolean; tryAgain(): void } {
  const [value, setValue] = useState(() => load.current());
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (value !== undefined || !wanted) return;
    const current = load.current();
    if (current !== undefined) {
      setValue(current);
      return;
    }
    let live = true;
    setFailed(false);
    load().then(
      (loaded) => live && setValue(loaded),
      (error: unknown) => {
        logChunkFailure(what, error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [load, value, wanted, what, attempt]);
  const tryAgain = useCallback(() => {
    setFailed(false);
    setAttempt((n) => n + 1);
  }, []);
  return { value, failed, tryAgain };
}
