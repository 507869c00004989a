import { text } from '../../styles/type-scale.js';
import { WIDE } from '../../styles/breakpoints.js';

export const challengeSolutionStyles = `
.story { display: grid; gap: clamp(1em, 2.5cqi, 1.5em); }
.story__title, .results__title { margin: 0; color: var(--rcs-brand-deep); }
@container ${WIDE} { .story { grid-template-columns: repeat(2, 1fr); } .story__title, .block--about, .block--impact { grid-column: 1 / -1; } }
.block { padding: clamp(1.5em, 3.5cqi, 2.25em); border-radius: var(--rcs-radius); background: var(--rcs-surface); border: 1px solid var(--rcs-line); display: grid; gap: 1em; align-content: start; }
.block > p { margin: 0; color: var(--rcs-muted); font-size: ${text.lede}; max-width: 48em; }
.block__title { margin: 0; font-size: ${text.title}; letter-spacing: -.01em; color: var(--rcs-ink); }
.block__title::before { content: ""; display: block; width: 2em; height: 4px; border-radius: 2px; background: var(--rcs-brand); margin-bottom: .75em; }
.stats { margin: 0; display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: .75em; }
.stats div { display: flex; flex-direction: column-reverse; justify-content: flex-end; gap: .15em; }
.stats dt { color: var(--rcs-muted); font-size: ${text.label}; }
.stats dd { margin: 0; font-size: clamp(1.5em, 4cqi, 2.5em); font-weight: 700; color: var(--rcs-brand-deep); letter-spacing: -.02em; }
.icon-badge { flex: none; display: grid; place-items: center; width: 2.75em; height: 2.75em; border-radius: .8em; background: var(--rcs-brand-soft); color: var(--rcs-brand-deep); }
.points { margin: 0; padding: 0; list-style: none; display: grid; gap: 1em; }
.points li { display: grid; grid-template-columns: auto 1fr; column-gap: 1em; row-gap: .25em; }
.points .icon-badge { grid-row: span 2; }
.points strong { color: var(--rcs-ink); }
.points strong + span { color: var(--rcs-muted); }
.block--impact { background: var(--rcs-brand-soft); border-color: transparent; }
.results { display: grid; gap: .75em; padding: clamp(1em, 3cqi, 1.75em); border-radius: var(--rcs-radius); background: var(--rcs-brand-soft); }
.cards { margin: 0; padding: 0; list-style: none; display: grid; gap: 1em; }
@container ${WIDE} { .cards { grid-template-columns: repeat(3, 1fr); } }
.card { padding: 1.5em; border-radius: var(--rcs-radius); background: #fff; display: grid; align-content: start; gap: .35em; box-shadow: 0 1px 2px rgb(0 0 0 / .05); }
.card__value { font-size: clamp(2em, 4.5cqi, 2.75em); font-weight: 700; color: var(--rcs-brand-deep); letter-spacing: -.02em; line-height: 1.1; }
.card__label { color: var(--rcs-ink); font-weight: 700; }
.card__basis { color: var(--rcs-muted); font-size: ${text.small}; }
.card .icon-badge { margin-bottom: .25em; background: var(--rcs-brand-deep); color: #fff; }
/* On paper: About and Impact across, Challenges and The Solution side by side; every block and card
   kept whole (a grid row broken across two pages overprints the top of the second: whole, none is). */
@media print {
  .block, .points, .results { display: block; }
  .story { grid-template-columns: 1fr 1fr; gap: 1em; }
  .story__title, .block--about, .block--impact { grid-column: 1 / -1; }
  .results { padding: 0; background: none; }
  .block { padding: 1.25em; background: none; border: 1px solid #999; }
  .block > * + *, .points li + li, .results > * + * { margin-top: .75em; }
  .cards { grid-template-columns: repeat(3, 1fr); }
  .card { padding: .75em; border: 1px solid #999; }
  .card .icon-badge { background: none; color: var(--rcs-brand-deep); }
}
`;
