/**
 * In the element's box when the story given by `src` or `story` cannot be shown (the console says
 * why). Only the chunk that fetches and checks such a story shows it, so it is a file of its own.
 */
export const storyUnavailable = 'This customer story could not be shown.';
