/** The element's words around the story's quote (the below-hero chunk carries them). */
export const profileWords = {
  /** The link to the quoted person's profile (the story's `testimonial.person.url`, or `testimonial-url`). */
  label: (name: string) => `View ${name}’s profile`,
  tooltip: 'Opens in a new tab',
} as const;
