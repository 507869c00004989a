/**
 * The isolation promise: the story looks the same on any host page. `:host { all: initial }` alone
 * is not enough: a host rule that selects the element itself (`* { white-space: nowrap }`,
 * `redcliffe-case-study { letter-spacing: 2px !important }`) beats `:host`, and `all` never resets
 * `direction`. So the root of the shadow content — every top-level element inside the shadow root,
 * which no host selector can reach — sets every inherited property itself: its initial value, or
 * the design's. It comes first in the sheet: every later rule (base, components) refines it.
 *
 * Deliberately still inherited from the page (README, Theming): `font-size` (the story scales with
 * the host's text size, in `em`), `visibility`, `pointer-events` and `interactivity` (a host that
 * hides a region or makes it inert means the element too), and the language-derived
 * `-webkit-locale` (the wrappers declare `lang="en"`). Custom properties (`--rcs-*`) inherit: theming.
 */

/**
 * Every inherited CSS property Chromium, Firefox or Safari computes (checked against mdn-data by a test), but those above.
 * One string split at spaces: in the first download a list of quoted strings costs 22 bytes of gzip more.
 */
const resetToInitial = `
  accent-color border-collapse border-spacing caption-side caret-animation caret-color caret-shape
  clip-rule color-interpolation color-interpolation-filters color-rendering color-scheme cursor
  dominant-baseline dynamic-range-limit empty-cells fill fill-opacity fill-rule
  font-feature-settings font-kerning font-language-override font-optical-sizing font-palette
  font-size-adjust font-stretch font-style font-synthesis font-variant font-variation-settings
  forced-color-adjust hanging-punctuation hyphenate-character hyphenate-limit-chars hyphens
  image-orientation image-rendering interest-delay interpolate-size letter-spacing line-break
  list-style marker math-depth math-shift math-style orphans overflow-wrap paint-order
  print-color-adjust quotes ruby-align ruby-overhang ruby-position scrollbar-color shape-rendering
  speak stroke stroke-dasharray stroke-dashoffset stroke-linecap stroke-linejoin stroke-miterlimit
  stroke-opacity stroke-width tab-size text-align text-align-last text-anchor text-autospace
  text-combine-upright text-decoration-skip-ink text-emphasis text-emphasis-position text-fit
  text-indent text-justify text-orientation text-rendering text-shadow text-size-adjust
  text-spacing-trim text-transform text-underline-offset text-underline-position text-wrap
  white-space-collapse widows window-drag word-break word-spacing writing-mode
  -webkit-box-direction -webkit-line-break -webkit-rtl-ordering -webkit-tap-highlight-color
  -webkit-text-fill-color -webkit-text-security -webkit-text-size-adjust -webkit-text-stroke
  -webkit-user-modify
`
  .trim()
  .split(/\s+/);

/** What the design sets on the root of its content (after the reset, so these win). */
const design = `
  direction: ltr; font-family: var(--rcs-font-family); font-weight: 400; line-height: 1.55;
  color: var(--rcs-ink); -webkit-font-smoothing: antialiased;`;

/**
 * Selection colours inherit through highlight inheritance, which crosses the shadow boundary: a host
 * `::selection { background: magenta }` would colour selected story text. The platform's own
 * selection colours (they follow the visitor's system settings and forced colours) instead.
 */
const selection = `
:host > *::selection {
  color: HighlightText; background-color: Highlight; text-shadow: none; text-decoration: none;
  -webkit-text-fill-color: currentcolor; -webkit-text-stroke-color: currentcolor;
}`;

export const isolationStyles = `
:host > * {${resetToInitial.map((property) => ` ${property}: initial;`).join('')}${design}
  box-sizing: border-box;
}${selection}
`;
