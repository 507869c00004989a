import { TOOLTIP } from './constants.js';

let lastClosedAt = Number.NEGATIVE_INFINITY;

/**
 * How long to wait before opening a tooltip: 700 ms, or nothing when another tooltip
 * closed less than 300 ms ago (the visitor is moving from one to the next).
 */
export function tooltipOpenDelay(now: number): number {
  return now - lastClosedAt < TOOLTIP.skipDelayMs ? 0 : TOOLTIP.openDelayMs;
}

export function noteTooltipClosed(now: number): void {
  lastClosedAt = now;
}
