import { text } from './type-scale.js';
import { colors } from '../shared/theme.js';

/**
 * A labelled text field, one set of rules for every form that asks for the lead: the download
 * dialog (`.download__field`) and the call to action's form without JavaScript (`.cta__field`).
 * Each chunk adds them for its own class, so either can load first. A field starts its rows at the
 * top (a message under one name does not stretch the other name's input), and an invalid input's
 * thicker edge is drawn inside it (an inset shadow, not a wider border), so it keeps its size;
 * forced colours drop shadows, so there it is marked by a dashed outline instead.
 */
export const fieldStyles = (field: string) => {
  const inside = (selector: string) => `${field} ${selector}`;
  return `
${field} { display: grid; gap: .35em; align-content: start; }
${inside('label')} { font-weight: 700; font-size: ${text.label}; color: var(--rcs-ink); }
${inside('input')} {
  width: 100%; min-height: 2.75em; padding: .65em .85em; font: inherit; color: var(--rcs-ink);
  background: ${colors.white}; border: 1px solid ${colors.fieldBorder}; border-radius: .6em;
}
${inside('input:hover')} { border-color: var(--rcs-brand-deep); }
${inside('input:focus-visible')} { outline: 3px solid var(--rcs-focus); outline-offset: 1px; border-color: var(--rcs-focus); }
${inside('input[aria-invalid="true"]')} { border-color: ${colors.invalid}; box-shadow: inset 0 0 0 1px ${colors.invalid}; }
@media (forced-colors: active) { ${inside('input[aria-invalid="true"]:not(:focus-visible)')} { outline: 2px dashed CanvasText; outline-offset: 2px; } }
`;
};
