import { FADE_THRESHOLD, MOBILE_BREAKPOINT_PX } from './constants.js';

export type FadeKind = 'section' | 'card';

/** Visibility threshold for a fade-in: 0.05 below 768 px wide, else 0.1 for sections, 0.2 for cards. */
export function fadeThreshold(viewportWidth: number, kind: FadeKind): number {
  if (viewportWidth < MOBILE_BREAKPOINT_PX) return FADE_THRESHOLD.mobile;
  return kind === 'card' ? FADE_THRESHOLD.card : FADE_THRESHOLD.section;
}
