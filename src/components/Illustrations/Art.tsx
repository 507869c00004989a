import { Suspense, use, useEffect, useState, type ReactElement } from 'react';
import { preloadable } from '../../lib/preload.js';
import { usePrerendered } from '../App/Prerendered.js';
import type { IconName } from './icon-paths.js';

/** The drawings are a lazy chunk, fetched right after the first render (they are decoration). */
export const loadDrawings = preloadable((_retryQuery) => import('./drawings.js'));

type Drawings = Awaited<ReturnType<typeof loadDrawings>>['drawings'];
interface Props {
  name: keyof Drawings;
  icon?: IconName;
}

/**
 * A drawing from the illustrations' chunk. Server-rendered HTML holds it inline (the server build
 * supplies the chunk up front), so the story looks the same before hydration and without
 * JavaScript; hydrating, a Suspense boundary keeps the server's drawing until the chunk is there.
 * Rendered on the client, it is never in the first render and appears once the chunk arrives; its
 * box is sized by the stylesheet beforehand (nothing moves). If the chunk cannot load, the page
 * simply has no illustrations.
 */
export function Art(props: Props) {
  return usePrerendered() ? (
    <Suspense fallback={null}>
      <PrerenderedArt {...props} />
    </Suspense>
  ) : (
    <ClientArt {...props} />
  );
}

function draw(drawings: Drawings, { name, icon }: Props) {
  const Drawing = drawings[name] as (props: { name?: IconName }) => ReactElement;
  return <Drawing name={icon} />;
}

let settled: Promise<Drawings | null> | undefined;
function PrerenderedArt(props: Props) {
  const drawings =
    loadDrawings.current()?.drawings ??
    use(
      (settled ??= loadDrawings().then(
        (chunk) => chunk.drawings,
        () => ((settled = undefined), null),
      )),
    );
  return drawings ? draw(drawings, props) : null;
}

function ClientArt(props: Props) {
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
  return drawings ? draw(drawings, props) : null;
}
