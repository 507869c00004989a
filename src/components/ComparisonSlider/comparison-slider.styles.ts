import { text } from '../../styles/type-scale.js';
import { SLIDER } from '../../lib/constants.js';

/**
 * One rule per whole position: the slider needs no style attribute (strict CSP friendly).
 * Scoped to `.compare__track` so they outrank its `--pos: 50%` default, which comes later.
 */
const positions = Array.from({ length: SLIDER.max - SLIDER.min + 1 }, (_, i) => `.compare__track[data-pos="${i + SLIDER.min}"]{--pos:${i + SLIDER.min}%}`).join(
  '',
);

/*
 * Notes (kept out of the CSS string, so they don't ship):
 * - The panes clip themselves (not the track), so the handle and its focus ring are whole at 1 and 99.
 * - Whole points: each side's points sit in its own half, clear of the handle (the panes' padding past the middle:
 *   --mid, more than half the 2.75em handle), so at the start position all show; once the slider moves, the
 *   component hides (transparent, still read aloud) each point the divider or handle would reach, whole.
 * - Both lists read from the left, each point behind its mark.
 * - Narrow (320 px, 400 % zoom): each side's list gets as much of its half as it can, in the regular weight, so the ✓ marks are never cut.
 * - White text needs 4.5:1 at the After gradient's light end too: it starts at #0f7d71 (the brand teal gives 4.1:1).
 * - The ✕/✓ marks are decoration (each list is named by its side): empty alternative text hides them from AT.
 * - The grip's focus ring is two-tone, as it sits on every colour of the comparison at once: a dark band
 *   against the white grip, the light side and the check marks; a white halo against the teal side.
 * - Forced colours: backgrounds become the system Canvas, so the divider and grip are drawn in system colours.
 * - Print: without the handle or the hint, the two lists side by side, dark on white, in print.styles.ts
 *   (the lazy sections' chunk: no print-only bytes in the first download).
 * - Without JavaScript (server-rendered HTML): the two lists one after the other in their own colours, no handle
 *   or hint (no-script.styles.ts, in the server's stylesheet only). Both stack as comparison-stacked.styles.ts says.
 */
export const comparisonSliderStyles = `
${positions}
.compare { margin: 0; display: grid; gap: .75em; }
.compare__track {
  --pos: 50%;
  position: relative; display: grid; grid-template-areas: "stack";
  border-radius: var(--rcs-radius); user-select: none;
  touch-action: pan-y; cursor: ew-resize; min-height: 17em;
  box-shadow: 0 1px 2px rgb(0 0 0 / .06), 0 12px 32px -12px rgb(7 94 84 / .35);
}
.compare__pane {
  --pad-block: 1.75em; --pad-inline: 1.75em; --mid: 2em;
  grid-area: stack; padding: var(--pad-block) var(--pad-inline); display: grid; justify-items: start; align-content: center; gap: .75em; grid-template-rows: auto 1fr; border-radius: var(--rcs-radius); overflow: hidden;
}
.compare__pane--before { background: #f3f1ee; color: #4a4540; padding-inline-end: calc(50% + var(--mid)); }
.compare__pane--after {
  background: linear-gradient(135deg, #0f7d71, var(--rcs-brand-deep));
  color: #fff; clip-path: inset(0 0 0 var(--pos) round 0 var(--rcs-radius) var(--rcs-radius) 0); justify-items: start;
  padding-inline-start: calc(50% + var(--mid));
}
.compare__title { margin: 0; font-size: ${text.small}; letter-spacing: .12em; text-transform: uppercase; font-weight: 700; }
.compare__list { margin: 0; padding: 0; list-style: none; display: grid; align-content: start; gap: .6em; font-weight: 700; line-height: 1.3; }
.compare__list li { display: grid; grid-template-columns: auto 1fr; column-gap: .5em; }
.compare__list li::before { content: "✕"; content: "✕" / ""; color: #b4463c; }
.compare__pane--after .compare__list li::before { content: "✓"; content: "✓" / ""; color: var(--rcs-brand); }
@container (max-width: 520px) { .compare__pane { --pad-block: 1.25em; --pad-inline: .6em; --mid: 1.7em; } .compare__list { font-size: ${text.small}; font-weight: 400; } .compare__list li { column-gap: .35em; } }
.compare__word { white-space: nowrap; }
.compare__handle {
  position: absolute; inset-block: 0; left: var(--pos); width: 2.75em; translate: -50% 0;
  display: grid; place-items: center; touch-action: pan-y; cursor: ew-resize; outline: none;
}
.compare__handle::before { content: ""; position: absolute; inset-block: 0; left: 50%; width: 3px; translate: -50% 0; background: #fff; box-shadow: 0 0 0 1px rgb(0 0 0 / .08); }
.compare__grip {
  position: relative; width: 2.5em; height: 2.5em; border-radius: 50%; background: #fff;
  box-shadow: 0 2px 10px rgb(0 0 0 / .25); display: grid; place-items: center;
}
.compare__grip::before { content: "‹ ›"; font-weight: 700; color: var(--rcs-brand-deep); letter-spacing: .1em; }
.compare__handle:focus-visible .compare__grip { outline: 3px solid var(--rcs-ink); outline-offset: 0; box-shadow: 0 0 0 6px #fff, 0 2px 12px 4px rgb(0 0 0 / .25); }
.compare__hint { font-size: ${text.small}; color: var(--rcs-muted); text-align: center; }
@media (forced-colors: active) {
  .compare__handle::before { forced-color-adjust: none; background: CanvasText; }
  .compare__grip { border: 2px solid; }
}
`;
