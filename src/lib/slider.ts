import { SLIDER } from './constants.js';

/** Clamp a slider position to 1..99 and round it to a whole percent. */
export function clampPosition(value: number): number {
  if (Number.isNaN(value)) return SLIDER.initial;
  return Math.min(SLIDER.max, Math.max(SLIDER.min, Math.round(value)));
}

/** The position a key press moves the slider to, or null for keys the slider ignores (APG slider). */
export function positionForKey(key: string, value: number): number | null {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown':
      return clampPosition(value - SLIDER.step);
    case 'ArrowRight':
    case 'ArrowUp':
      return clampPosition(value + SLIDER.step);
    case 'PageDown':
      return clampPosition(value - SLIDER.pageStep);
    case 'PageUp':
      return clampPosition(value + SLIDER.pageStep);
    case 'Home':
      return SLIDER.min;
    case 'End':
      return SLIDER.max;
    default:
      return null;
  }
}

/** The position under a pointer at clientX over a track spanning [left, left + width]. */
export function positionFromPointer(clientX: number, left: number, width: number): number {
  if (width <= 0) return SLIDER.initial;
  return clampPosition(((clientX - left) / width) * 100);
}

/** What a screen reader says for a position. */
export function positionText(value: number): string {
  return `${value}% before, ${100 - value}% after`;
}

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
