import { useEffect, useState, type ReactElement } from 'react';
import { preloadable } from '../../lib/preload.js';
import type { IconName } from './icon-paths.js';

/** The drawings are a lazy chunk, fetched right after the first render (they are decoration). */
export const loadDrawings = preloadable((_retryQuery) => import('./drawings.js'));

type Drawings = Awaited<ReturnType<typeof loadDrawings>>['drawings'];

/**
 * A drawing from the illustrations' chunk, shown once it has arrived. Never in the first render,
 * so a server render and the client's first render agree; its box is sized by the stylesheet
 * beforehand (nothing moves when it appears). If the chunk cannot load, the page simply has no
 * illustrations.
 */
export function Art({ name, icon }: { name: keyof Drawings; icon?: IconName }) {
  const [drawings, setDrawings] = useState<Drawings>();
  useEffect(() => {
    let live = true;
    loadDrawings().then(
      (chunk) => live && setDrawings(chunk.drawings),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  if (!drawings) return null;
  const Drawing = drawings[name] as (props: { name?: IconName }) => ReactElement;
  return <Drawing name={icon} />;
}
