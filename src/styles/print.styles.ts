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
 * - Items and boxes are kept whole (paragraphs, list items, cards, blocks, the quote, the call to
 *   action; headings with what follows), set at .85 of the screen's size, so the story prints on two
 *   A4 pages with no box split (test/e2e/print.test.ts). The quote mark's box goes with its drawing
 *   (no hole above the quote); a link's address breaks only where it must, never mid-word first.
 */
export const printStyles = `
@media print {
  ${comparisonStackedStyles}
  .page { min-height: 0; padding-block: 0; gap: 1.25em; font-size: .85em; }
  .hero__title { font-size: 2em; }
  .cta { min-height: 0; }
  .fade { opacity: 1; translate: none; transition: none; }
  .testimonial, .cta { background: none; color: #000; border: 1px solid #999; }
  .testimonial *, .cta * { color: #000 !important; }
  .button, .jump-nav, .placeholder, .download, .hero__visual .art, .testimonial .art { display: none; }
  .hero__visual { padding-top: 0; }
  /* The comparison: its two lists side by side, dark on white. */
  .compare__track { grid-template-columns: 1fr 1fr; min-height: 0; }
  .compare__pane { border: 1px solid #999; background: none; color: #000; padding-block: 1em; }
  .link[href^="http"]::after, .link[href^="mailto:"]::after { content: " (" attr(href) ")"; overflow-wrap: anywhere; }
  /* Chromium splits grid rows (and items spanning rows) across pages by overprinting the rest of the
     row at the top of the next page: keep items, cards and headings whole, headings with what follows. */
  h1, h2, h3, h4, .eyebrow { break-after: avoid; break-inside: avoid; }
  p, li, figcaption, .card, .cards, .stats, .compare__track, .block, .testimonial, .cta { break-inside: avoid; }
  /* The testimonial set tighter, so that it fits under the comparison on the first page (its quote,
     a grid item, moves to the next page whole, leaving an empty box, when it does not). */
  .testimonial { padding: 1.5em; }
  .testimonial__figure { gap: 1em; }
  .quote-box { display: none; }
  .testimonial__quote p { font-size: 1.15em; }
}
`;
