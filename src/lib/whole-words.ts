/**
 * Each word of the comparison shown or hidden whole, never cut by the divider: the rule
 * (`hiddenWords`) and applying it to the rendered panes as they move (`watchWholeWords`). A chunk of its own,
 * loaded once the slider first moves (src/components/ComparisonSlider/ComparisonSlider.tsx).
 */

import { addClientOnlyStyles } from '../styles/sheet.js';

// Hidden words are transparent, on screen only: printed (or without JavaScript, where this chunk
// never loads) both lists show whole. Added with the chunk, so the first download carries none of it.
addClientOnlyStyles('@media screen { .compare__word--hidden, .compare__bare::before, .compare__bare::after { opacity: 0; } }');

/** A word's (or a mark's) horizontal extent in px from the comparison's left edge. */
export interface Extent {
  left: number;
  right: number;
}

/**
 * Which of a side's words are hidden with the divider at `position` (percent) of a comparison
 * `width` px wide: a word shows only when it lies wholly on its own side of the handle, `clearance`
 * px (half the handle, and a little air) from the divider; otherwise it is hidden whole, never cut.
 */
export function hiddenWords(side: 'before' | 'after', words: readonly Extent[], position: number, width: number, clearance: number): boolean[] {
  const divider = (position / 100) * width;
  return words.map((word) => (side === 'before' ? word.right > divider - clearance : word.left < divider + clearance));
}

/** Air (px) between the handle and the nearest word shown beside it. */
const WORD_AIR_PX = 4;
const HIDDEN = 'compare__word--hidden';

/**
 * Shows or hides each word whole for the divider at `position`. Hidden words are transparent, not
 * removed, so a screen reader reads both lists whole at any position. A point's mark goes with its
 * words: it lies beyond them, away from the divider, so it is clear of the handle while any is shown.
 * Only opacity changes, so reading the next pane's boxes costs no layout.
 */
function showWholeWords(track: HTMLElement, handle: HTMLElement, position: number) {
  const { left, width } = track.getBoundingClientRect();
  for (const side of ['before', 'after'] as const) {
    const pane = track.querySelector(`.compare__pane--${side}`);
    if (!pane) continue;
    const words = [...pane.querySelectorAll('.compare__word')];
    const extents = words.map((word) => {
      const box = word.getBoundingClientRect();
      return { left: box.left - left, right: box.right - left };
    });
    hiddenWords(side, extents, position, width, handle.offsetWidth / 2 + WORD_AIR_PX).forEach((hidden, i) => words[i]?.classList.toggle(HIDDEN, hidden));
    for (const item of pane.querySelectorAll('li')) {
      item.classList.toggle(
        'compare__bare',
        [...item.querySelectorAll('.compare__word')].every((word) => word.classList.contains(HIDDEN)),
      );
    }
  }
}

/**
 * Keeps the words whole at the last position shown, also when they move without the slider (the
 * comparison's width, the text size, a web font arriving). `stop` when the slider goes away.
 */
export function watchWholeWords(track: HTMLElement, handle: HTMLElement) {
  let at: number | undefined;
  const apply = () => at !== undefined && showWholeWords(track, handle, at);
  const observer = new ResizeObserver(apply);
  observer.observe(track);
  for (const list of track.querySelectorAll('.compare__list')) observer.observe(list);
  void document.fonts.ready.then(apply);
  return {
    show(position: number) {
      at = position;
      apply();
    },
    stop: () => observer.disconnect(),
  };
}
