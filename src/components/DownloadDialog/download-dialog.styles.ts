import { text } from '../../styles/type-scale.js';
import { fieldStyles } from '../../styles/field.styles.js';
import { colors } from '../../shared/theme.js';

/**
 * The download form's styles (fields, messages beside them, the busy button): they ship with the
 * dialog's lazy chunk, which adds them to the element's shared sheet when it loads (the card's
 * styles are in download-card.styles.ts). Busy is not disabled: full colour (white on deep green,
 * 7.7:1), a spinner and a progress cursor (the busy button's rules are in base.styles.ts, shared
 * with the "could not be loaded" dialog's retry button).
 * The failure alert's paragraphs (the "could not be loaded" dialog's alert has one) are styled here.
 */
export const downloadFormStyles = `
.download__alert p { margin: 0; }
.download__alert p + p { margin-top: .4em; font-weight: 400; }
.download__header { display: flex; align-items: flex-start; justify-content: space-between; gap: 1em; }
.download__title { margin: 0; font-size: ${text.title}; line-height: 1.25; letter-spacing: -.01em; }
.download__intro { margin: 0; color: var(--rcs-muted); }
/* The intro, with the one-pager's cover beside it when the build gives one (an A4 page, 84 × 119 px). */
.download__offer { display: flex; align-items: flex-start; gap: 1em; margin-top: -.5em; }
.download__cover { flex: none; width: 5.25em; height: auto; aspect-ratio: 210 / 297; border-radius: .25em; box-shadow: 0 .4em 1em -.3em rgb(16 35 31 / .35), 0 0 0 1px var(--rcs-line); background: #fff; }
.download__close {
  flex: none; display: inline-grid; place-items: center; width: 2.5em; height: 2.5em; margin: -.4em -.4em 0 0;
  padding: 0; border: 0; border-radius: 50%; background: transparent; color: var(--rcs-ink); cursor: pointer;
}
.download__close:hover { background: var(--rcs-surface); }
.download__close svg { stroke: currentColor; stroke-width: 2.2; stroke-linecap: round; fill: none; }
.download__form { display: grid; gap: 1em; }
.download__fields { display: grid; gap: 1em; }
@media (min-width: 36em) { .download__fields { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); } .download__field--wide { grid-column: 1 / -1; } }
${fieldStyles('.download__field')}
.download__problem { margin: 0; color: ${colors.problem}; font-size: ${text.label}; font-weight: 700; }
.download__problem::before { content: "⚠\\FE0E" / ""; margin-inline-end: .35em; }
.download__submit { width: 100%; margin-top: .25em; }
/* Waiting for a field (disabled): the primary action about to open, in the brand's colour, not pressable: deep green
   on the soft tint (7.1:1), a dashed deep-green edge, no lift, no shadow, not darkened under the pointer. */
.download__submit:disabled, .download__submit:disabled:hover {
  cursor: not-allowed; translate: none; box-shadow: none;
  background: var(--rcs-brand-soft); color: var(--rcs-brand-deep); border: 2px dashed var(--rcs-brand-deep);
}
.download__missing { margin: -.5em 0 0; color: var(--rcs-muted); font-size: ${text.label}; }
/* Empty: out of the flow (no gap under the button) but still in place as a live region. */
.download__missing:empty { position: absolute; }
/* The thank-you: its heading takes focus (a ring only for the keyboard), the next step leads, the file's link is the fallback. */
.download__title:focus { outline: none; }
.download__title:focus-visible { outline: 3px solid var(--rcs-focus); outline-offset: 4px; border-radius: .2em; }
.download__done { display: grid; gap: 1em; justify-items: start; }
.download__done p { margin: 0; }
.download__fallback { font-size: ${text.label}; }
/* The thank-you once the modal closed (shown again with show()): a panel fixed in view over the page, not covering
   it, at the foot of a phone's screen, at the bottom right of a wide one. */
.download:not(:modal) { position: fixed; inset: auto 1em 1em; z-index: 10; margin: 0 auto; max-height: calc(100% - 2em); }
@media (min-width: 48em) { .download:not(:modal) { margin-right: 0; } }
/* A lead lost after the thank-you was closed: the alert's look, as a notice at the foot of the screen, over the page. */
.download-notice {
  position: fixed; inset: auto 1em 1em; z-index: 10; display: grid; gap: .5em; justify-items: start; max-width: 30em; margin-inline: auto;
  box-shadow: 0 1em 3em -1em rgb(16 35 31 / .45);
}
@media (forced-colors: active) { .download-notice { border: 2px solid CanvasText; } }
`;
