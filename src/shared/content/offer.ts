/**
 * The element's words of the slim offer that stays in reach while the story is read (StickyOffer;
 * its heading and words are the story's `titles.cta` and `offer`). A part of the content module in a
 * file of its own, so that only the below-hero chunk, which shows it, carries it.
 */
export const offerWords = {
  /** The close button's name (it shows a cross). */
  dismiss: 'Hide this offer',
  /** Where focus lands once it is hidden, read out by screen readers. */
  dismissed: 'Offer hidden. The download is also at the end of the story.',
} as const;
