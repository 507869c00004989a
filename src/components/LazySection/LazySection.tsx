import { Suspense, use, type ComponentType } from 'react';
import clsx from 'clsx';
import { loadFailed, loading } from '../../shared/content.js';
import type { Preloadable } from '../../lib/preload.js';
import { usePrerendered } from '../App/Prerendered.js';
import { logChunkFailure, usePreloaded } from './usePreloaded.js';

interface Props<P extends object> {
  load: Preloadable<{ default: ComponentType<P> }>;
  props: P;
  /** Names the reserved-height class, so the placeholder takes the space the section will. */
  name: string;
}

/**
 * Renders a lazily loaded section. While the chunk loads it shows "Loading..." in a box as tall
 * as the section will be (no layout jump). Plain state, not Suspense: a chunk that arrives is
 * shown at once, without React's Suspense reveal throttling. A chunk that still fails after the
 * loader's retries says so, with a "Try again" button.
 */
export function LazySection<P extends object>(props: Props<P>) {
  return usePrerendered() ? <PrerenderedSection {...props} /> : <ClientSection {...props} />;
}

function ClientSection<P extends object>({ load, props, name }: Props<P>) {
  const { value: loaded, failed, retry } = usePreloaded(load, `${name} section`);

  if (loaded) {
    const Section = loaded.default;
    return <Section {...props} />;
  }
  return <Placeholder name={name} failed={failed} retry={retry} />;
}

/**
 * Server-rendered HTML holds the section already (the server build supplies the chunk up front).
 * Hydrating it, a Suspense boundary keeps the server's markup on screen until the chunk has
 * arrived, then hydrates it in place.
 */
function PrerenderedSection<P extends object>({ load, props, name }: Props<P>) {
  return (
    <Suspense fallback={<Placeholder name={name} failed={false} />}>
      <Loaded load={load} props={props} name={name} />
    </Suspense>
  );
}

function Loaded<P extends object>({ load, props, name }: Props<P>) {
  const loaded = load.current() ?? use(settled(load, `${name} section`));
  if (!loaded) return <Placeholder name={name} failed={true} />;
  const Section = loaded.default;
  return <Section {...props} />;
}

const settling = new WeakMap<object, Promise<unknown>>();
/** The chunk, or null if it failed (logged): one promise per loader, as `use` wants. */
function settled<T>(load: Preloadable<T>, what: string): Promise<T | null> {
  let promise = settling.get(load) as Promise<T | null> | undefined;
  if (!promise) {
    promise = load().catch((error: unknown) => {
      logChunkFailure(what, error);
      return null;
    });
    settling.set(load, promise);
  }
  return promise;
}

function Placeholder({ name, failed, retry }: { name: string; failed: boolean; retry?: () => void }) {
  return (
    <div className={clsx('placeholder', `placeholder--${name}`)} role="status">
      <span>{failed ? loadFailed.text : loading}</span>
      {failed && retry && (
        <button type="button" className="button button--chip" onClick={retry}>
          {loadFailed.retry}
        </button>
      )}
    </div>
  );
}
