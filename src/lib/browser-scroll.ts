import { findDeep, scrollToSection, type ScrollOutcome } from './scroll.js';

/** The scroll environment of a real page: the document and every open shadow root in it. */
export function scrollInPage(id: string): Promise<ScrollOutcome> {
  return scrollToSection(id, {
    find: (target) => findDeep(target, document),
    scrollToElement: (el, smooth) =>
      el.scrollIntoView({ behavior: smooth ? 'smooth' : 'instant', block: 'start' }),
    scrollToTop: (smooth) => window.scrollTo({ top: 0, behavior: smooth ? 'smooth' : 'instant' }),
    documentTop: (el) => el.getBoundingClientRect().top + window.scrollY,
    reducedMotion: () => window.matchMedia('(prefers-reduced-motion: reduce)').matches,
    focus: (el) => {
      if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
      el.focus({ preventScroll: true });
    },
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  });
}
