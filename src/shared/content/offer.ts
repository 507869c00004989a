/**
 * Words of the slim offer that stays in reach while the story is read (StickyOffer). A part of the
 * content module in a file of its own, so that only the below-hero chunk, which shows it, carries it.
 * Its heading is `ctaSection.title` (content.ts): the same offer as the call to action.
 */
export const offerWords = {
  text: 'The challenge, solution and results on a single page.',
  button: 'Download PDF',
  /** The close button's name (it shows a cross). */
  dismiss: 'Hide this offer',
  /** Where focus lands once it is hidden, read out by screen readers. */
  dismissed: 'Offer hidden. The download is also at the end of the story.',
} as const;
