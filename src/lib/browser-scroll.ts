import { isShown } from './visibility.js';
import { findHashTarget, findSection, scrollToSection, type ScrollEnvironment, type ScrollOutcome } from './scroll.js';

/** The scroll environment of a real page: the window, the document and every open shadow root in it. */
const pageEnvironment: Omit<ScrollEnvironment, 'find'> = {
  scrollToElement: (el, smooth) => el.scrollIntoView({ behavior: smooth ? 'smooth' : 'instant', block: 'start' }),
  scrollToTop: (smooth) => window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'instant' }),
  documentTop: (el) => el.getBoundingClientRect().top + window.scrollY,
  reducedMotion: () => window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  focus: (el) => {
    if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
    el.focus({ preventScroll: true });
  },
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * A scroll request of one element (its buttons, `scrollToSection()`): its own shadow root's
 * section first, then the page's. Without a root, the page's first match.
 */
export function scrollInPage(id: string, own?: Document | ShadowRoot | null): Promise<ScrollOutcome> {
  return scrollToSection(id, { ...pageEnvironment, find: (target) => findSection(target, own, document) });
}

/**
 * Follow the page URL's `#id`: scroll there only if the first section of that id the page shows
 * is in `own` (with two elements on a page, one scrolls). A missing section leaves the page where
 * it is, as browsers do for an unknown fragment. Aborting `signal` stops a pending retry or
 * correction (the visitor navigated again).
 */
export function followHash(id: string, own: Document | ShadowRoot, signal: AbortSignal): Promise<ScrollOutcome> {
  return scrollToSection(id, {
    ...pageEnvironment,
    find: (target) => findHashTarget(target, document, isShown),
    owns: (el) => el.getRootNode() === own,
    whenMissing: 'stay',
    cancelled: () => signal.aborted,
  });
}
