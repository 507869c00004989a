/**
 * The story's type scale, relative to the host's font size (the story scales with the page), and
 * its two weights: regular (400) and bold (700). Every new size × weight the first layout meets is
 * a synchronous font lookup in the browser (docs/performance.md, "The type scale"), so a rule's
 * size is the body's (1em), one of these, or a fluid size that starts at one (the headline and the
 * figures grow with the container), and its weight is 400 or 700 (test/unit/type-scale.test.ts).
 */
export const text = {
  /** Badges, eyebrows, hints, the privacy line, the sticky offer. */
  small: '.875em',
  /** Form labels, chips, roles and other secondary lines. */
  label: '.95em',
  /** Ledes and the paragraphs under a section's title; the large button. */
  lede: '1.05em',
  /** A section's, dialog's or the call to action's title; the quote's smallest size. */
  title: '1.375em',
} as const;
