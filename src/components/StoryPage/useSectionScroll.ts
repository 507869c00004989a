import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { followHash, scrollInPage } from '../../lib/browser-scroll.js';
import { anchorFromHash } from '../../lib/hash.js';

type Root = Document | ShadowRoot;
const rootOf = (node: Node | null | undefined) => node?.getRootNode() as Root | undefined;

/** A plain left click on a link, which the page will follow itself. */
const plainClick = (event: MouseEvent) =>
  !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * Scrolling of one story. `jump(id)` serves its buttons: its own section first (two elements on a
 * page have the same ids). The page URL's `#id` is followed on first render and on every later
 * change (`location.hash = …`, a host link, Back/Forward), and when a link to the current `#id`
 * is clicked again; only the element that owns the section scrolls. An empty or unknown hash
 * leaves the position to the browser, which restores the one it recorded for that history entry
 * (`history.scrollRestoration` `auto`; a host app that set `manual` restores positions itself).
 */
export function useSectionScroll(): { pageRef: RefObject<HTMLElement | null>; jump(id: string): void } {
  const pageRef = useRef<HTMLElement>(null);
  const jump = useCallback((id: string) => void scrollInPage(id, rootOf(pageRef.current)), []);

  useEffect(() => {
    const own = rootOf(pageRef.current);
    if (!own) return;
    let pending: AbortController | undefined;
    const follow = () => {
      pending?.abort(); // Back pressed during a scroll: no late correction pulls the page back
      pending = undefined;
      const id = anchorFromHash(window.location.hash);
      if (!id) return;
      pending = new AbortController();
      void followHash(id, own, pending.signal);
    };
    // A link to the URL the page is at fires no hashchange: browsers scroll to the fragment again.
    const reclick = (event: MouseEvent) => {
      if (!plainClick(event)) return;
      const link = event.composedPath().find((node): node is HTMLAnchorElement => node instanceof HTMLAnchorElement);
      if (link?.hasAttribute('href') && link.target === '' && link.href === window.location.href) follow();
    };
    follow();
    window.addEventListener('hashchange', follow);
    window.addEventListener('click', reclick);
    return () => {
      pending?.abort();
      window.removeEventListener('hashchange', follow);
      window.removeEventListener('click', reclick);
    };
  }, []);

  return { pageRef, jump };
}
