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
