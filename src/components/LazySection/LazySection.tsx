import type { ComponentType } from 'react';
import clsx from 'clsx';
import { loadFailed, loading } from '../../content.js';
import type { Preloadable } from '../../lib/preload.js';
import { usePreloaded } from './usePreloaded.js';

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
export function LazySection<P extends object>({ load, props, name }: Props<P>) {
  const { value: loaded, failed, retry } = usePreloaded(load, `${name} section`);

  if (loaded) {
    const Section = loaded.default;
    return <Section {...props} />;
  }
  return (
    <div className={clsx('placeholder', `placeholder--${name}`)} role="status">
      <span>{failed ? loadFailed.text : loading}</span>
      {failed && (
        <button type="button" className="button button--chip" onClick={retry}>
          {loadFailed.retry}
        </button>
      )}
    </div>
  );
}
