/** Shown on the page: the element has a layout box (no `display: none` on it or an ancestor, connected). */
export const isShown = (el: Element): boolean => el.getClientRects().length > 0;

/** Call `callback` once, as soon as `el` is shown (now, if it is); returns a cancel. */
export function whenShown(el: Element, callback: () => void): () => void {
  if (isShown(el)) {
    callback();
    return () => {};
  }
  if (typeof ResizeObserver !== 'function') return () => {};
  // A box appearing (display: none lifted) changes the observed size from 0 × 0.
  const observer = new ResizeObserver(() => {
    if (!isShown(el)) return;
    observer.disconnect();
    callback();
  });
  observer.observe(el);
  return () => observer.disconnect();
}
