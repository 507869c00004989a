/**
 * Tooltip timings: open after `openDelayMs`; at once when another closed less than `skipDelayMs` ago
 * (the spec's skip delay); stay `hideGraceMs` after the pointer leaves, so it can travel onto the
 * tooltip (WCAG 1.4.13, hoverable).
 */
export const TOOLTIP = { openDelayMs: 700, skipDelayMs: 300, hideGraceMs: 120 } as const;

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
