import { SCROLL, TOP } from './constants.js';

/**
 * Find an element by id in a document or shadow root, then in every open shadow root
 * nested below it, in tree order (browsers can't find ids inside shadow roots on their own).
 * `accept` skips matches it refuses (e.g. sections of an element the host page hides).
 */
function findDeep(id: string, root: Document | ShadowRoot, accept: (el: HTMLElement) => boolean = () => true): HTMLElement | null {
  const direct = root.getElementById(id);
  if (direct && accept(direct)) return direct;
  for (const el of root.querySelectorAll('*')) {
    if (el.shadowRoot) {
      const found = findDeep(id, el.shadowRoot, accept);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The section a scroll request of one element means: its own shadow root's first (two elements on
 * a page have the same ids), then the page's search order (the document, then open shadow roots).
 */
export function findSection(id: string, own: Document | ShadowRoot | null | undefined, page: Document): HTMLElement | null {
  return (own ? findDeep(id, own) : null) ?? findDeep(id, page);
}

/**
 * The section a `#hash` of the page URL names: the first one the page shows, in the page's search
 * order, as a browser resolves a fragment. Only the element that owns it scrolls; a section of an
 * element the host hides (a single-page app's other route) is skipped.
 */
export function findHashTarget(id: string, page: Document, shown: (el: HTMLElement) => boolean): HTMLElement | null {
  return findDeep(id, page, shown);
}

export interface ScrollEnvironment {
  find(id: string): HTMLElement | null;
  /** Bring the element to the top, minus its scroll-margin (the 80 px header offset). */
  scrollToElement(el: HTMLElement, smooth: boolean): void;
  scrollToTop(smooth: boolean): void;
  /** Document position of the element's top edge, to tell whether the page moved. */
  documentTop(el: HTMLElement): number;
  reducedMotion(): boolean;
  focus(el: HTMLElement): void;
  wait(ms: number): Promise<void>;
  /** Whether this caller scrolls to the target it found (hash navigation: only its owner). Default yes. */
  owns?(el: HTMLElement): boolean;
  /** What to do when the target never appears: the spec's scroll to the top (default), or nothing. */
  whenMissing?: 'top' | 'stay';
  /** A newer navigation superseded this one (Back pressed meanwhile): stop without scrolling. */
  cancelled?(): boolean;
}

/** `elsewhere`: another element (or the host page) owns the target. */
export type ScrollOutcome = 'scrolled' | 'top' | 'elsewhere' | 'missing' | 'cancelled';

/**
 * The spec's scrolling rule: look for the target, retrying 5 times 200 ms apart while a
 * lazy section is still loading; scroll to it leaving the header offset, or to the top if it
 * never appears; 300 ms later, scroll again if the page moved under it. Smooth unless the
 * visitor prefers reduced motion. Focus moves to the target for keyboard and screen readers.
 */
export async function scrollToSection(id: string, env: ScrollEnvironment): Promise<ScrollOutcome> {
  const smooth = !env.reducedMotion();
  if (id === TOP) {
    env.scrollToTop(smooth);
    return 'top';
  }
  const cancelled = () => env.cancelled?.() ?? false;
  let target = env.find(id);
  for (let attempt = 0; !target && attempt < SCROLL.retries; attempt++) {
    await env.wait(SCROLL.retryDelayMs);
    if (cancelled()) return 'cancelled';
    target = env.find(id);
  }
  if (!target) {
    if (env.whenMissing === 'stay') return 'missing';
    env.scrollToTop(smooth);
    return 'top';
  }
  if (env.owns && !env.owns(target)) return 'elsewhere';
  const before = env.documentTop(target);
  env.scrollToElement(target, smooth);
  env.focus(target);
  await env.wait(SCROLL.validationDelayMs);
  if (cancelled()) return 'cancelled';
  if (target.isConnected && Math.abs(env.documentTop(target) - before) > 1) {
    env.scrollToElement(target, smooth);
  }
  return 'scrolled';
}
