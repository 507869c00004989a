import { HEADER_OFFSET } from './breakpoints.js';

/**
 * The element's own ground: nothing inherited from the host page shows through (`all: initial`),
 * then its text size, box and background; the root of its content sets the font and colour
 * (isolation.styles.ts). Theme through the documented custom properties.
 * Colours come from theme.ts (shared with the PDF).
 */
import { colors, fontFamily } from '../shared/theme.js';

// font-size: medium is the visitor's default size (not a fixed 16 px); the page's one column is
// minmax(0, 1fr), so no section's min-content widens the others (and the hero) past a 320 px screen.
export const baseStyles = `
:host {
  all: initial; display: flow-root; box-sizing: border-box;
  --rcs-brand: ${colors.brand}; --rcs-brand-dark: ${colors.brandDark}; --rcs-brand-deep: ${colors.brandDeep}; --rcs-brand-soft: ${colors.brandSoft};
  --rcs-ink: ${colors.ink}; --rcs-muted: ${colors.muted}; --rcs-line: ${colors.line}; --rcs-surface: ${colors.surface}; --rcs-focus: ${colors.focus};
  --rcs-font-family: ${fontFamily};
  --rcs-radius: 1em; --rcs-max-width: 72em;
  font-size: medium; background: ${colors.white};
}
:host([hidden]) { display: none; }
.boot { min-height: 100vh; }
/* Host rules that select the element itself beat :host: the root of the content resets what inherits (isolation.styles.ts). */
*, *::before, *::after { box-sizing: inherit; }
.page { min-height: 100vh; align-content: start; container-type: inline-size; max-width: var(--rcs-max-width); margin-inline: auto; padding: 0 clamp(1em, 4vw, 2em) 3em; display: grid; grid-template-columns: minmax(0, 1fr); gap: clamp(2.5em, 6vw, 4.5em); }
section[id], [id][tabindex="-1"] { scroll-margin-top: ${HEADER_OFFSET}; }
[tabindex="-1"]:focus { outline: none; }
:focus-visible { outline: 3px solid var(--rcs-focus); outline-offset: 2px; }
.visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip-path: inset(50%); white-space: nowrap; border: 0; }
.link { color: var(--rcs-brand-deep); font-weight: 700; text-underline-offset: .2em; }
/* Colours change at once (no transition): a fade between disabled and enabled passes through text below 4.5:1.
   Inline padding 1.1em: the hero's two actions sit side by side in its copy column at 1280 px (about 530 px). */
.button {
  font: inherit; font-weight: 700; font-size: 1em; display: inline-flex; align-items: center; justify-content: center; gap: .5em;
  min-height: 2.75em; padding: .7em 1.1em; border-radius: 999px; border: 2px solid transparent; cursor: pointer; text-decoration: none;
  transition: box-shadow .2s, translate .2s, border-color .2s;
}
.button--primary { background: var(--rcs-brand-deep); color: #fff; box-shadow: 0 6px 18px -8px rgb(7 94 84 / .7); }
/* Hover darkens (white text stays above 4.5:1 whatever --rcs-brand-deep a host sets that passes at rest);
   a busy button (aria-disabled) keeps its colours under the pointer. */
.button--primary:hover:not([aria-disabled="true"]) { background: color-mix(in srgb, var(--rcs-brand-deep) 78%, #000); translate: 0 -1px; }
.button--secondary { background: #fff; color: var(--rcs-brand-deep); border-color: var(--rcs-brand-deep); }
.button--secondary:hover { background: var(--rcs-brand-soft); }
.button--chip { background: #fff; color: var(--rcs-brand-deep); border-color: ${colors.fieldBorder}; min-height: 2.5em; padding: .45em 1em; font-weight: 700; }
.button--chip:hover { border-color: var(--rcs-brand-deep); }
/* Busy (aria-disabled, keeps focus): full colour, a spinner, a progress cursor. */
.button--primary[aria-disabled="true"] { cursor: progress; translate: none; }
.button--primary[aria-disabled="true"]::before {
  content: ""; width: 1em; height: 1em; border-radius: 50%; border: 2px solid rgb(255 255 255 / .45); border-top-color: #fff;
  animation: rcs-spin .8s linear infinite;
}
@keyframes rcs-spin { to { rotate: 1turn; } }
@media (forced-colors: active) { .button--primary[aria-disabled="true"]::before { border-color: ButtonText; border-top-color: transparent; } }
@media (prefers-reduced-motion: reduce) {
  .button { transition: none; }
  .button--primary[aria-disabled="true"]::before { animation: none; }
}
`;
