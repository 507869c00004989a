import { SLIDER } from '../../lib/constants.js';

/**
 * One rule per whole position: the slider needs no style attribute (strict CSP friendly).
 * Scoped to `.compare__track` so they outrank its `--pos: 50%` default, which comes later.
 */
const positions = Array.from(
  { length: SLIDER.max - SLIDER.min + 1 },
  (_, i) => `.compare__track[data-pos="${i + SLIDER.min}"]{--pos:${i + SLIDER.min}%}`,
).join('');

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
/* The panes clip themselves (not the track), so the handle and its focus ring are whole at 1 and 99. */
.compare__pane { grid-area: stack; padding: 1.75em; display: grid; align-content: center; gap: .75em; grid-template-rows: auto 1fr; border-radius: var(--rcs-radius); overflow: hidden; }
/* Narrow (320 px, 400 % zoom): each side's half gets every pixel it can, so the ✓ marks are never cut. */
@container (max-width: 520px) { .compare__pane { padding: 1.25em .6em; } .compare__list { font-size: .8125em; } }
.compare__pane--before { background: #f3f1ee; color: #4a4540; justify-items: start; }
.compare__pane--after {
  /* White text needs 4.5:1 at the gradient's light end too: the brand teal (4.1:1) darkened a little. */
  background: linear-gradient(135deg, #0f7d71, var(--rcs-brand-deep));
  background: linear-gradient(135deg, color-mix(in srgb, var(--rcs-brand-dark) 88%, #000), var(--rcs-brand-deep));
  color: #fff; clip-path: inset(0 0 0 var(--pos) round 0 var(--rcs-radius) var(--rcs-radius) 0); justify-items: end; text-align: end;
}
.compare__title { margin: 0; font-size: .8em; letter-spacing: .12em; text-transform: uppercase; font-weight: 700; }
.compare__list { margin: 0; padding: 0; list-style: none; display: grid; align-content: start; gap: .6em; font-size: 1em; font-weight: 600; line-height: 1.3; hyphens: none; overflow-wrap: normal; }
.compare__list li { display: grid; grid-template-columns: auto 1fr; column-gap: .5em; }
.compare__pane--after .compare__list li { grid-template-columns: 1fr auto; }
/* The marks are decoration (the list's name says which side it is): empty alternative text hides them from AT. */
.compare__pane--before .compare__list li::before { content: "✕"; content: "✕" / ""; color: #b4463c; }
.compare__pane > * { width: min(100%, calc(50% - 2em)); }
@container (max-width: 520px) { .compare__pane > * { width: min(100%, calc(50% - .25em)); } .compare__list li { column-gap: .35em; } }
.compare__pane--after .compare__list li::after { content: "✓"; content: "✓" / ""; color: var(--rcs-brand); }
.compare__nowrap { white-space: nowrap; }
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
/* Two-tone ring, as the grip sits on every colour of the comparison at once: a dark band against the
   white grip, the light side and the check marks; a white halo against the teal side. */
.compare__handle:focus-visible .compare__grip { outline: 3px solid var(--rcs-ink); outline-offset: 0; box-shadow: 0 0 0 6px #fff, 0 2px 12px 4px rgb(0 0 0 / .25); }
.compare__hint { font-size: .875em; color: var(--rcs-muted); text-align: center; }
/* Windows high contrast: backgrounds become the system Canvas, so draw the divider and grip in system colours. */
@media (forced-colors: active) {
  .compare__handle::before { forced-color-adjust: none; background: CanvasText; box-shadow: none; }
  .compare__grip { forced-color-adjust: none; background: Canvas; border: 2px solid CanvasText; }
  .compare__grip::before { color: CanvasText; }
  .compare__handle:focus-visible .compare__grip { outline-color: Highlight; box-shadow: 0 0 0 6px Canvas; }
}
/* On paper: the two lists one after the other, dark on white, without the handle or the hint. */
@media print {
  .compare__track { display: grid; grid-template-areas: none; gap: 1em; box-shadow: none; min-height: 0; }
  .compare__pane { grid-area: auto; overflow: visible; border: 1px solid #999; background: none; color: #000; }
  .compare__pane--after { clip-path: none; justify-items: start; text-align: start; }
  .compare__pane--after .compare__list li { grid-template-columns: auto 1fr; }
  .compare__pane--after .compare__list li::after { content: none; }
  .compare__pane--after .compare__list li::before { content: "✓"; content: "✓" / ""; }
  .compare__pane > * { width: auto; }
  .compare__handle, .compare__hint { display: none; }
}
`;
