import { HEADER_OFFSET } from './breakpoints.js';

/**
 * The element's own ground: nothing inherited from the host page shows through (`all: initial`),
 * then our font, colour and box model. Theme through the documented custom properties.
 * Colours come from theme.ts (shared with the PDF).
 */
import { colors, fontFamily } from '../shared/theme.js';

// font-size: medium is the visitor's default size (not a fixed 16 px); the page's one column is
// minmax(0, 1fr), so no section's min-content widens the others (and the hero) past a 320 px screen.
export const baseStyles = `
:host {
  all: initial; display: block; box-sizing: border-box;
  --rcs-brand: ${colors.brand}; --rcs-brand-dark: ${colors.brandDark}; --rcs-brand-deep: ${colors.brandDeep}; --rcs-brand-soft: ${colors.brandSoft};
  --rcs-ink: ${colors.ink}; --rcs-muted: ${colors.muted}; --rcs-line: ${colors.line}; --rcs-surface: ${colors.surface}; --rcs-focus: ${colors.focus};
  --rcs-font-family: ${fontFamily};
  --rcs-radius: 1em; --rcs-max-width: 72em;
  font-family: var(--rcs-font-family); font-size: medium; line-height: 1.55; color: var(--rcs-ink);
  background: ${colors.white}; text-align: start; -webkit-font-smoothing: antialiased;
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
.eyebrow { margin: 0 0 1.25em; font-size: .85em; font-weight: 700; letter-spacing: .12em; text-transform: uppercase; }
.link { color: var(--rcs-brand-deep); font-weight: 600; text-underline-offset: .2em; }
.button {
  font: inherit; font-weight: 700; font-size: 1em; display: inline-flex; align-items: center; justify-content: center; gap: .5em;
  min-height: 2.75em; padding: .7em 1.4em; border-radius: 999px; border: 2px solid transparent; cursor: pointer; text-decoration: none;
  transition: background-color .2s, color .2s, box-shadow .2s, translate .2s;
}
.button--primary { background: var(--rcs-brand-deep); color: #fff; box-shadow: 0 6px 18px -8px rgb(7 94 84 / .7); }
.button--primary:hover { background: var(--rcs-brand-dark); translate: 0 -1px; }
.button--chip { background: #fff; color: var(--rcs-brand-deep); border-color: var(--rcs-line); min-height: 2.5em; padding: .45em 1em; font-weight: 600; }
.button--chip:hover { border-color: var(--rcs-brand); }
.button:disabled { cursor: not-allowed; opacity: .55; translate: none; box-shadow: none; }
.fade { opacity: 0; translate: 0 1.5em; transition: opacity .6s ease-out, translate .6s ease-out; }
.fade--in { opacity: 1; translate: none; }
/* Scroll targets fade without sliding: a pending translate would shift where scrolling lands (the header offset). */
.fade[id] { translate: none; }
@media (prefers-reduced-motion: reduce) {
  .fade { opacity: 1; translate: none; transition: none; }
  .button { transition: none; }
}
`;
