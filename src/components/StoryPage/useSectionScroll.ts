import { useCallback, useEffect, useRef, type RefObject } from 'react';
import { followHash, preloadScroll, scrollInPage } from '../../lib/lazy-scroll.js';
import { whenIdle } from '../../render/hydration.js';
import { anchorFromHash } from '../../lib/hash.js';

type Root = Document | ShadowRoot;
const rootOf = (node: Node | null | undefined) => node?.getRootNode() as Root | undefined;

/** The Navigation API where the browser has it: its entry changes include an app's history.pushState. */
const navigation = (globalThis as { navigation?: EventTarget }).navigation;

/** A plain left click on a link, which the page will follow itself. */
const plainClick = (event: MouseEvent) => !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * Scrolling of one story. `jump(id)` serves its buttons: its own section first (two elements on a
 * page have the same ids). The page URL's `#id` is followed on first render and on every later
 * change (`location.hash = …`, a host link, Back/Forward), and when a link to the current `#id`
 * is clicked again, and when a single-page app's `history.pushState` changes it (where the browser
 * has the Navigation API); only the element that owns the section scrolls. An empty or unknown hash
 * leaves the position to the browser, which restores the one it recorded for that history entry
 * (`history.scrollRestoration` `auto`; a host app that set `manual` restores positions itself).
 */
export function useSectionScroll(): { pageRef: RefObject<HTMLElement | null>; jump(id: string): void } {
  const pageRef = useRef<HTMLElement>(null);
  const jump = useCallback((id: string) => void scrollInPage(id, rootOf(pageRef.current)), []);

  useEffect(() => {
    const own = rootOf(pageRef.current);
    if (!own) return;
    // Its own callback: the idle queue is a set, and another story's cleanup must not cancel this one's.
    const stopPreload = whenIdle(() => preloadScroll());
    let pending: AbortController | undefined;
    let followed = window.location.hash;
    const follow = () => {
      followed = window.location.hash;
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
    // A changed hash, whoever changed it (hashchange and the Navigation API both report most changes;
    // a replaceState that keeps the hash is not a navigation to it).
    const changed = () => {
      if (window.location.hash !== followed) follow();
    };
    follow();
    window.addEventListener('hashchange', changed);
    navigation?.addEventListener('currententrychange', changed);
    window.addEventListener('click', reclick);
    return () => {
      stopPreload();
      pending?.abort();
      window.removeEventListener('hashchange', changed);
      navigation?.removeEventListener('currententrychange', changed);
      window.removeEventListener('click', reclick);
    };
  }, []);

  return { pageRef, jump };
}
