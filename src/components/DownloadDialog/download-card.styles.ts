/**
 * The download modal's card over a dimmed backdrop, its alert and a row of actions: in the element's
 * sheet from the start, because the small "could not be loaded" dialog of the main bundle uses them.
 * Forced colours: the card has no shadow there, so it gets a system-colour edge.
 * The card hangs from a fixed top (8 % of the screen), not centred: centred, a message
 * under a field grew it at both ends, so every field moved up as the visitor was told what to fix;
 * the "could not be loaded" card hangs from the same place as the form it stands in for.
 */
export const downloadCardStyles = `
.download {
  width: min(100% - 2em, 30em); max-height: calc(92vh - 1em); overflow: auto;
  margin: 8vh auto auto; padding: clamp(1.25em, 4vw, 2em); border: 0; overscroll-behavior: contain; border-radius: calc(var(--rcs-radius) * 1.25);
  background: #fff; color: var(--rcs-ink);
  box-shadow: 0 1.5em 4em -1em rgb(16 35 31 / .45), 0 0 0 1px rgb(16 35 31 / .06);
}
.download[open] { display: grid; gap: 1.25em; animation: rcs-download-in .22s ease-out; }
.download::backdrop { background: rgb(16 35 31 / .55); animation: rcs-download-fade .22s ease-out; }
.download__alert {
  margin: 0; padding: .75em 1em; border-radius: .6em; font-weight: 700;
  color: #8a1c12; background: #fdecea; border: 1px solid #f1b5ad;
}
.download__actions { display: flex; flex-wrap: wrap; gap: .75em; }
@media (forced-colors: active) { .download { border: 2px solid CanvasText; } }
@keyframes rcs-download-in { from { opacity: 0; translate: 0 1em; } }
@keyframes rcs-download-fade { from { opacity: 0; } }
@media (prefers-reduced-motion: reduce) { .download[open], .download::backdrop { animation: none; } }
`;
