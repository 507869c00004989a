import { preloadable } from './preload.js';

/**
 * The scrolling code (browser-scroll.ts and the spec's rule in scroll.ts) is a chunk of its own:
 * nothing scrolls before the first paint, so the first download does not carry it. The page
 * fetches it when the browser is idle (`preloadScroll`); a request before then waits for it.
 */
const loadScroll = preloadable((_retryQuery) => import('./browser-scroll.js'));

/** Fetches the scrolling code ahead of the first request. */
export const preloadScroll = (): void => void loadScroll().catch(() => {});

/**
 * A scroll request of one element (browser-scroll.ts scrollInPage). If its code still cannot be
 * loaded, the browser's own scroll to the element's section, without the spec's retries.
 */
export const scrollInPage = (id: string, own?: Document | ShadowRoot | null) =>
  loadScroll().then(
    (scroll) => scroll.scrollInPage(id, own),
    () => own?.getElementById(id)?.scrollIntoView(),
  );

/** Follow the page URL's `#id` (browser-scroll.ts followHash); without its code, the browser already has. */
export const followHash = (id: string, own: Document | ShadowRoot, signal: AbortSignal) =>
  loadScroll().then(
    (scroll) => scroll.followHash(id, own, signal),
    () => {},
  );
