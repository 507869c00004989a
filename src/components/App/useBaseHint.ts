import { useEffect, useRef } from 'react';
import { whenShown } from '../../lib/visibility.js';
import { tell } from '../../render/hydration.js';

/**
 * Tell the developer, once per base, that the element is shown at a path outside its `base`
 * without ever having been under it: the attribute doesn't match the page. Nothing while the host
 * hides the element (a route of a single-page app kept mounted); the hint comes when it is shown,
 * if the path is still outside.
 */
export function useBaseHint(host: Element | undefined, outsidePath: string | null, base: string): void {
  const toldFor = useRef<string | null>(null);
  useEffect(() => {
    if (!host || outsidePath === null || toldFor.current === base) return;
    return whenShown(host, () => {
      toldFor.current = base;
      tell('baseHint', [outsidePath, base], 'error');
    });
  }, [host, outsidePath, base]);
}
