import { SCROLL } from './constants.js';

/** Ids the page can scroll to besides its anchors. */
export const TOP = 'top';

/**
 * Find an element by id in a document or shadow root, then in every open shadow root
 * nested below it (browsers can't find ids inside shadow roots on their own).
 */
export function findDeep(id: string, root: Document | ShadowRoot): HTMLElement | null {
  const direct = root.getElementById(id);
  if (direct) return direct;
  for (const el of root.querySelectorAll('*')) {
    if (el.shadowRoot) {
      const found = findDeep(id, el.shadowRoot);
      if (found) return found;
    }
  }
  return null;
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
}

export type ScrollOutcome = 'scrolled' | 'top';

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
  let target = env.find(id);
  for (let attempt = 0; !target && attempt < SCROLL.retries; attempt++) {
    await env.wait(SCROLL.retryDelayMs);
    target = env.find(id);
  }
  if (!target) {
    env.scrollToTop(smooth);
    return 'top';
  }
  const before = env.documentTop(target);
  env.scrollToElement(target, smooth);
  env.focus(target);
  await env.wait(SCROLL.validationDelayMs);
  if (target.isConnected && Math.abs(env.documentTop(target) - before) > 1) {
    env.scrollToElement(target, smooth);
  }
  return 'scrolled';
}
