/**
 * Keep the host page from scrolling behind the open modal (a wheel or swipe over the backdrop
 * otherwise scrolls the page). Nested locks (two instances) share one: the page's own overflow
 * comes back when the last one is released. Set through the CSSOM, so strict CSP allows it.
 */
let locks = 0;
let saved = '';

export function lockPageScroll(root: HTMLElement = document.documentElement): () => void {
  if (locks++ === 0) {
    saved = root.style.overflow;
    root.style.overflow = 'hidden';
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    if (--locks === 0) root.style.overflow = saved;
  };
}
