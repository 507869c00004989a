import { text } from '../../styles/type-scale.js';
import { HEADER_OFFSET } from '../../styles/breakpoints.js';

/**
 * The offer in reach (StickyOffer) and the block it is sticky in (.below-hero: the testimonial, the
 * challenge and solution, then the offer). Narrow: the block is a plain flow (a grid item's sticky
 * box could not leave its own row), the offer its last child, stuck flush to the bottom of the
 * screen while the block is on it and resting in its own space at the end (that space is the room
 * reserved for it: every line can be scrolled above it). A white band fills the gap under the card down
 * to the screen's edge, so no line still to come shows under it; it is never over the hero, the call
 * to action or the dialog (the top layer). Wide (≥ 60em): a rail column beside the sections, stuck below the header offset.
 * Nothing moves by itself (no animation), it never prints, and without JavaScript (its button could
 * not work) it is not shown. Forced colours: the card keeps a system-colour edge.
 */
export const stickyOfferStyles = `
.below-hero { display: flow-root; }
.below-hero > * + * { margin-top: clamp(2.5em, 6vw, 4.5em); }
.offer { position: sticky; bottom: 0; z-index: 2; padding-bottom: .5em; background: #fff; }
.offer__card {
  display: flex; align-items: center; gap: .5em; padding: .5em .5em .5em 1em; border-radius: var(--rcs-radius);
  background: #fff; border: 1px solid var(--rcs-line); box-shadow: 0 .5em 2em -.5em rgb(16 35 31 / .35);
}
.offer__title { flex: 1; margin: 0; font-size: ${text.small}; font-weight: 700; line-height: 1.25; color: var(--rcs-ink); }
.offer__text { display: none; margin: 0; color: var(--rcs-muted); }
.offer__cover { display: none; }
.offer__button { flex: none; padding: .5em 1em; white-space: nowrap; }
.offer__dismiss {
  flex: none; display: inline-grid; place-items: center; width: 2.75em; height: 2.75em; padding: 0;
  border: 0; border-radius: 50%; background: transparent; color: var(--rcs-ink); cursor: pointer;
}
.offer__dismiss:hover { background: var(--rcs-surface); }
.offer__dismiss svg { stroke: currentColor; stroke-width: 2.2; stroke-linecap: round; fill: none; }
@container (min-width: 60em) {
  .below-hero { display: grid; grid-template-columns: minmax(0, 1fr) 15em; gap: clamp(2.5em, 6vw, 4.5em) 2em; }
  .below-hero > * + * { margin-top: 0; }
  .below-hero > section { grid-column: 1; }
  .offer { grid-column: 2; grid-row: 1 / span 2; align-self: start; top: calc(${HEADER_OFFSET} + 1em); bottom: auto; padding-bottom: 0; background: none; }
  .offer__card { position: relative; display: grid; justify-items: start; gap: .75em; padding: 1.5em; }
  .offer__title { padding-inline-end: 2em; font-size: ${text.lede}; line-height: 1.3; }
  .offer__cover + .offer__title { padding-inline-end: 0; }
  .offer__button { padding: .7em 1.4em; }
  .offer__text { display: block; }
  .offer__cover { display: block; width: 4.5em; height: auto; aspect-ratio: 360 / 509; border-radius: .25em; background: #fff; box-shadow: 0 .4em 1em -.3em rgb(16 35 31 / .35), 0 0 0 1px var(--rcs-line); }
  .offer__dismiss { position: absolute; inset-block-start: .5em; inset-inline-end: .5em; }
}
@media (scripting: none) { .offer { display: none; } }
@media print { .offer { display: none; } }
@media (forced-colors: active) { .offer__card { border: 2px solid CanvasText; } }
`;
