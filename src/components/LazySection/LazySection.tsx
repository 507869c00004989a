import { Suspense, use, type ComponentType } from 'react';
import clsx from 'clsx';
import { loadFailed, loading } from '../../shared/content.js';
import type { Preloadable } from '../../lib/preload.js';
import { usePrerendered } from '../App/Prerendered.js';
import { LAZY_SECTIONS, type LazySectionName, type LazySectionProps } from './lazy-sections.js';
import { logChunkFailure, usePreloaded } from './usePreloaded.js';

interface Props<N extends LazySectionName> {
  /** The section in the registry (lazy-sections.ts): its loader, and its placeholder's class `placeholder--{name}`, which takes the space the section will. */
  name: N;
  props: LazySectionProps<N>;
}

/** A section's loader (its props are checked where LazySection is rendered). */
const loaderOf = (name: LazySectionName) => LAZY_SECTIONS[name] as Preloadable<{ default: ComponentType<object> }>;

/**
 * Renders a lazily loaded section. While the chunk loads it shows "Loading..." in a box as tall
 * as the section will be (no layout jump). Plain state, not Suspense: a chunk that arrives is
 * shown at once, without React's Suspense reveal throttling. A chunk that still fails after the
 * loader's retries says so, with a "Try again" button.
 */
export function LazySection<N extends LazySectionName>(props: Props<N>) {
  return usePrerendered() ? <PrerenderedSection {...props} /> : <ClientSection {...props} />;
}

function ClientSection<N extends LazySectionName>({ props, name }: Props<N>) {
  const { value: loaded, failed, tryAgain } = usePreloaded(loaderOf(name), `${name} section`);

  if (loaded) {
    const Section = loaded.default;
    return <Section {...props} />;
  }
  return <Placeholder name={name} failed={failed} tryAgain={tryAgain} />;
}

/**
 * Server-rendered HTML holds the section already (the server build supplies the chunk up front).
 * Hydrating it, a Suspense boundary keeps the server's markup on screen until the chunk has
 * arrived, then hydrates it in place.
 */
function PrerenderedSection<N extends LazySectionName>({ props, name }: Props<N>) {
  return (
    <Suspense fallback={<Placeholder name={name} failed={false} />}>
      <Loaded props={props} name={name} />
    </Suspense>
  );
}

function Loaded<N extends LazySectionName>({ props, name }: Props<N>) {
  const load = loaderOf(name);
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

function Placeholder({ name, failed, tryAgain }: { name: string; failed: boolean; tryAgain?: () => void }) {
  return (
    <div className={clsx('placeholder', `placeholder--${name}`)} role="status">
      <span>{failed ? loadFailed.text : loading}</span>
      {failed && tryAgain && (
        <button type="button" className="button button--chip" onClick={tryAgain}>
          {loadFailed.tryAgain}
        </button>
      )}
    </div>
  );
}
