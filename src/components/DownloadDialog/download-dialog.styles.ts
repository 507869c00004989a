/** The download modal: a card over a dimmed backdrop, labels above inputs, a clear focus ring. */
export const downloadDialogStyles = `
.download {
  width: min(100% - 2em, 30em); max-height: calc(100% - 2em); overflow: auto;
  margin: auto; padding: clamp(1.25em, 4vw, 2em); border: 0; overscroll-behavior: contain; border-radius: calc(var(--rcs-radius) * 1.25);
  background: #fff; color: var(--rcs-ink);
  box-shadow: 0 1.5em 4em -1em rgb(16 35 31 / .45), 0 0 0 1px rgb(16 35 31 / .06);
}
.download[open] { display: grid; gap: 1.25em; animation: rcs-download-in .22s ease-out; }
.download::backdrop { background: rgb(16 35 31 / .55); animation: rcs-download-fade .22s ease-out; }
.download__header { display: flex; align-items: flex-start; justify-content: space-between; gap: 1em; }
.download__title { margin: 0; font-size: 1.45em; line-height: 1.25; letter-spacing: -.01em; }
.download__intro { margin: -.5em 0 0; color: var(--rcs-muted); }
.download__close {
  flex: none; display: inline-grid; place-items: center; width: 2.5em; height: 2.5em; margin: -.4em -.4em 0 0;
  padding: 0; border: 0; border-radius: 50%; background: transparent; color: var(--rcs-ink); cursor: pointer;
}
.download__close:hover { background: var(--rcs-surface); }
.download__close svg { stroke: currentColor; stroke-width: 2.2; stroke-linecap: round; fill: none; }
.download__form { display: grid; gap: 1em; }
.download__names { display: grid; gap: 1em; }
@media (min-width: 36em) { .download__names { grid-template-columns: 1fr 1fr; } }
.download__field { display: grid; gap: .35em; }
.download__field label { font-weight: 600; font-size: .95em; }
.download__field input {
  width: 100%; min-height: 2.75em; padding: .65em .85em; font: inherit; color: var(--rcs-ink);
  background: #fff; border: 1px solid #7d8a87; border-radius: .6em;
}
.download__field input:hover { border-color: var(--rcs-brand-deep); }
.download__field input:focus-visible { outline: 3px solid var(--rcs-focus); outline-offset: 1px; border-color: var(--rcs-focus); }
.download__alert {
  margin: 0; padding: .75em 1em; border-radius: .6em; font-weight: 600;
  color: #8a1c12; background: #fdecea; border: 1px solid #f1b5ad;
}
.download__field input[aria-invalid="true"] { border-color: #b3261e; border-width: 2px; }
.download__problem { margin: 0; color: #a1231a; font-size: .9em; font-weight: 600; }
.download__submit { width: 100%; margin-top: .25em; }
/* Busy is not disabled: full colour (white on deep green, 7.5:1), a spinner, a progress cursor. */
.download__submit[aria-disabled="true"] { cursor: progress; translate: none; }
.download__submit[aria-disabled="true"]::before {
  content: ""; width: 1em; height: 1em; border-radius: 50%; border: 2px solid rgb(255 255 255 / .45); border-top-color: #fff;
  animation: rcs-spin .8s linear infinite;
}
.download__actions { display: flex; flex-wrap: wrap; gap: .75em; }
@keyframes rcs-spin { to { rotate: 1turn; } }
/* Windows high contrast: the card has no shadow there, so give it an edge. */
@media (forced-colors: active) {
  .download { border: 2px solid CanvasText; }
  .download__submit[aria-disabled="true"]::before { border-color: ButtonText; border-top-color: transparent; }
}
@media print { .download { display: none; } }
@keyframes rcs-download-in { from { opacity: 0; translate: 0 1em; } }
@keyframes rcs-download-fade { from { opacity: 0; } }
@media (prefers-reduced-motion: reduce) {
  .download[open], .download::backdrop { animation: none; }
  .download__submit[aria-disabled="true"]::before { animation: none; }
}
`;
