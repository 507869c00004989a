import { comparisonStackedStyles } from '../components/ComparisonSlider/comparison-stacked.styles.js';

/**
 * On paper: every section shown (a section not yet scrolled to is still faded
 * out on screen), dark text on white, the address of every link written after it, and none of the
 * interactive chrome (buttons, the JumpNav, loading placeholders, the dialog) or decoration (the
 * drawings).
 * Component-specific print rules sit beside their components (the comparison, the tooltip, the dialog).
 *
 * Notes (kept out of the CSS string, so they don't ship):
 * - The story keeps its inline padding, the same as the host's column (clamp(1em, 4vw, 2em), as on
 *   screen), so on paper it lines up with the host's header and footer.
 * - Items are kept whole (paragraphs, list items, cards, headings with what follows), sections are
 *   not: a section kept whole leaves the rest of a page empty when it does not fit (a fifth of a page
 *   to two fifths, four to five A4 pages in all). Three pages at A4 and Letter (print.test.js).
 */
export const printStyles = `
@media print {
  ${comparisonStackedStyles}
  .page { min-height: 0; padding-block: 0; gap: 1.25em; }
  .cta { min-height: 0; }
  .fade { opacity: 1; translate: none; transition: none; }
  .testimonial, .cta { background: none; color: #000; border: 1px solid #999; }
  .testimonial *, .cta * { color: #000 !important; }
  .button, .jump-nav, .placeholder, .download, .hero__visual .art, .testimonial .art { display: none; }
  .hero__visual { padding-top: 0; }
  /* The comparison: its two lists side by side, dark on white, each ✓ after its point's last word. */
  .compare__track { grid-template-columns: 1fr 1fr; min-height: 0; }
  .compare__pane { border: 1px solid #999; background: none; color: #000; padding-block: 1em; }
  .compare__pane--after { justify-items: start; text-align: start; }
  .compare__pane--after .compare__list li::after { align-self: end; }
  .link[href^="http"]::after, .link[href^="mailto:"]::after { content: " (" attr(href) ")"; word-break: break-all; }
  /* Chromium splits grid rows (and items spanning rows) across pages by overprinting the rest of the
     row at the top of the next page: keep items, cards and headings whole, headings with what follows. */
  h1, h2, h3, h4, .eyebrow { break-after: avoid; break-inside: avoid; }
  p, li, figcaption, .card, .cards, .stats, .compare__track { break-inside: avoid; }
  /* The testimonial set tighter, so that it fits under the comparison on the first page (its quote,
     a grid item, moves to the next page whole, leaving an empty box, when it does not). */
  .testimonial { padding: 1.5em; }
  .testimonial__quote p { font-size: 1.15em; }
}
`;
