import { text } from '../../styles/type-scale.js';
import { WIDE } from '../../styles/breakpoints.js';
import { fieldStyles } from '../../styles/field.styles.js';

/* The cover (Cover.tsx) follows the call to action on a narrow screen (its heading first, where the jump navigation lands) and leads it from 60em on.
   Sizes step at the breakpoint rather than follow the width (no cqi), so the section's height is a
   step function of the width that the lazy placeholder can reserve exactly (lazy-section.styles.ts). */
export const ctaSectionStyles = `
.cta {
  display: grid; gap: 1.5em; align-items: center; padding: 2em 1.5em;
  border-radius: calc(var(--rcs-radius) * 1.5);
  background: radial-gradient(120% 140% at 100% 0%, var(--rcs-brand-soft) 0%, #fff 60%); border: 1px solid var(--rcs-line);
}
.cta .one-pager { display: none; width: 5em; height: auto; color: var(--rcs-brand); }
.cta__cover { display: block; order: 1; width: 5em; height: auto; aspect-ratio: 360 / 509; border-radius: .3em; background: #fff; box-shadow: 0 .5em 1.5em -.5em rgb(16 35 31 / .45); }
@container ${WIDE} { .cta { grid-template-columns: 1fr auto; column-gap: 2em; padding: 3em; } .cta__cover { display: none; } .cta__title { font-size: clamp(${text.title}, 4cqi, 2em); } }
@container (min-width: 60em) { .cta { grid-template-columns: auto 1fr auto; } .cta .one-pager, .cta__cover { display: block; order: 0; } }
.cta__copy { display: grid; gap: .5em; }
.button--large { font-size: ${text.lede}; padding: .9em 1.8em; }
.cta .button { white-space: nowrap; }
@container (max-width: 420px) { .cta .button { white-space: normal; width: 100%; } }
.cta__title { margin: 0; font-size: ${text.title}; line-height: 1.25; letter-spacing: -.02em; color: var(--rcs-ink); }
/* The confirmation is shorter than the pitch it replaces: the reserved height no longer holds (no empty band). */
.cta:has(.cta__confirmation) { min-height: 0; }
.cta__confirmation { justify-items: start; }
.cta__copy .cta__next { color: var(--rcs-ink); font-weight: 700; margin-top: .5em; }
.cta__copy .cta__fallback { font-size: ${text.label}; margin-top: .5em; }
.cta__confirmation:focus-visible { outline: 3px solid var(--rcs-focus); outline-offset: 4px; border-radius: .4em; }
.cta__copy p { margin: 0; color: var(--rcs-muted); font-size: ${text.lede}; max-width: 36em; }
/* On paper only (PrintOffer), under the heading and the pitch: the address to type. */
.cta__copy .print-offer { display: none; }
@media print { .cta__cover { display: none; } .cta__copy .print-offer { display: block; } .print-offer__address { font-weight: 700; overflow-wrap: anywhere; } }
/* Server-rendered HTML read without JavaScript: say what to do and show a plain form that posts the
   lead, instead of a button that can't work. With JavaScript the form is never shown (the dialog is). */
.cta__no-script, .cta__form { display: none; }
.cta__trap { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
@media (scripting: none) {
  .cta__copy .cta__no-script { display: block; color: var(--rcs-ink); font-weight: 700; }
  .cta .button--large { display: none; }
  .cta .cta__form { display: grid; grid-column: 1 / -1; gap: 1em; align-items: end; }
  @container ${WIDE} { .cta .cta__form { grid-template-columns: repeat(3, minmax(0, 1fr)) auto; } }
}
${fieldStyles('.cta__field')}`;
