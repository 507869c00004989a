/** Words only the printed story shows (the lazy sections' chunk carries them). */
export const printOffer = {
  /** Under the call to action on paper, before this page's address: a button cannot be pressed there. */
  lead: 'Get the one-page case study at',
} as const;
