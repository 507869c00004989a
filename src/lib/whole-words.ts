/**
 * Each point of the comparison (and each side's title) shown or hidden whole, never in part: the
 * rule (`hiddenPoints`) and applying it to the rendered panes as they move (`watchWholeWords`). A
 * part of a point reads as something else ("Poor loyalty", "in-chat support"), so a point the
 * divider or handle would reach hides with its mark, all of it. A chunk of its own, loaded once the
 * slider first moves (src/components/ComparisonSlider/ComparisonSlider.tsx).
 */

import { addClientOnlyStyles } from '../styles/sheet.js';

// Hidden points are transparent, on screen only: printed (or without JavaScript, where this chunk
// never loads) both lists show whole. Added with the chunk, so the first download carries none of it.
addClientOnlyStyles('@media screen { .compare__hidden { opacity: 0; } }');

/** A point's (its mark and words) horizontal extent in px from the comparison's left edge. */
export interface Extent {
  left: number;
  right: number;
}

/**
 * Which of a side's points are hidden with the divider at `position` (percent) of a comparison
 * `width` px wide: a point shows only when it lies wholly on its own side of the handle, `clearance`
 * px (half the handle, and a little air) from the divider; otherwise it is hidden whole.
 */
export function hiddenPoints(side: 'before' | 'after', points: readonly Extent[], position: number, width: number, clearance: number): boolean[] {
  const divider = (position / 100) * width;
  return points.map((point) => (side === 'before' ? point.right > divider - clearance : point.left < divider + clearance));
}

/** Air (px) between the handle and the nearest point shown beside it. */
const AIR_PX = 4;
const HIDDEN = 'compare__hidden';

/**
 * The extent of an item: from its own left edge (where its mark is drawn) to the right end of its
 * words, measured on the text itself (a list item stretches wider than its words).
 */
function extentOf(item: Element, origin: number): Extent {
  const words = document.createRange();
  words.selectNodeContents(item);
  return { left: item.getBoundingClientRect().left - origin, right: words.getBoundingClientRect().right - origin };
}

/**
 * Shows or hides each point whole for the divider at `position`. Hidden points are transparent, not
 * removed, so a screen reader reads both lists whole at any position. Only opacity changes, so
 * reading the next pane's boxes costs no layout.
 */
function showWholePoints(track: HTMLElement, handle: HTMLElement, position: number) {
  const { left, width } = track.getBoundingClientRect();
  for (const side of ['before', 'after'] as const) {
    const items = [...track.querySelectorAll(`.compare__pane--${side} :is(.compare__title, li)`)];
    hiddenPoints(
      side,
      items.map((item) => extentOf(item, left)),
      position,
      width,
      handle.offsetWidth / 2 + AIR_PX,
    ).forEach((hidden, i) => items[i]?.classList.toggle(HIDDEN, hidden));
  }
}

/**
 * Keeps the points whole at the last position shown, also when they move without the slider (the
 * comparison's width, the text size, a web font arriving). `stop` when the slider goes away.
 */
export function watchWholeWords(track: HTMLElement, handle: HTMLElement) {
  let at: number | undefined;
  const apply = () => at !== undefined && showWholePoints(track, handle, at);
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
