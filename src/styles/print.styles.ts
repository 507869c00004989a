/**
 * On paper: every section shown (a section not yet scrolled to is still faded
 * out on screen), dark text on white, the address of every link written after it, and none of the
 * interactive chrome (buttons, the JumpNav, loading placeholders, the dialog).
 * Component-specific print rules sit beside their components (the comparison, the tooltip, the dialog).
 */
export const printStyles = `
@media print {
  .page { min-height: 0; padding: 0; gap: 1.5em; }
  .cta { min-height: 0; }
  .fade { opacity: 1; translate: none; transition: none; }
  .testimonial, .cta { background: none; color: #000; border: 1px solid #999; break-inside: avoid; }
  .testimonial *, .cta * { color: #000 !important; }
  .button, .jump-nav, .placeholder, .download { display: none; }
  .link[href^="http"]::after, .link[href^="mailto:"]::after { content: " (" attr(href) ")"; word-break: break-all; }
  /* Chromium splits grid rows (and items spanning rows) across pages by overprinting the rest of the
     row at the top of the next page: keep items, cards and headings whole, headings with what follows. */
  h1, h2, h3, h4, .eyebrow { break-after: avoid; break-inside: avoid; }
  p, li, blockquote, figcaption, .card, .stats, .compare__pane { break-inside: avoid; }
}
`;
