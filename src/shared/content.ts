/**
 * The element's own words: the same for every story (the customer's words, figures and addresses
 * are the story's: src/shared/story/, the default one stories/redcliffe-labs.json). Here and beside
 * it in content/, for the words only a lazily loaded part uses (the call to action, the jump
 * navigation, the messages beside a field), so the element's first load does not carry them.
 */
import type { Story } from './story/story.generated.js';

/** The hero's actions and hint, around the story's words. */
export const heroWords = {
  readMore: 'Read Full Customer Story',
  compareHint: 'Drag to compare',
} as const;

/** The next-step link's text where the host sets `contact-url` without `contact-label`. */
export const contactDefaultLabel = 'Talk to our team';

/** One line under the download form, where the host sets `privacy-url`. */
export const privacy = {
  text: 'We use your details to send you this case study and follow up about it, never for anything else.',
  link: 'Privacy notice',
} as const;

/** The name of the story's landmark (an article: it nests inside the host page's <main>). */
export const storyLabel = (customerName: string) => `${customerName} customer story`;

export const download = {
  title: 'Download the case study',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Work email',
  /** The dialog's button, and the page the server answers a form read without JavaScript with. */
  submit: 'Download PDF',
  unavailable: 'The download form could not be loaded.',
  close: 'Close',
  fileName: 'Leaflet_Case_Study_One_Pager.pdf',
} as const;

export const notFound = {
  heading: '404',
  text: 'Oops! Page not found',
  home: 'Return to Home',
  /** Beside it: back to the story, at the element's base. */
  story: 'Back to the customer story',
} as const;

export const loading = 'Loading...';

/** A lazy section whose chunk still failed after the automatic retries. */
export const loadFailed = {
  text: 'This section could not be loaded.',
  tryAgain: 'Try again',
} as const;

/**
 * The known anchors of the spec, in page order, each labelled in the JumpNav with the title of the
 * section it scrolls to (the story's `titles`).
 */
export const anchors = [
  { id: 'leadership-perspective', title: 'testimonial' },
  { id: 'challenge-solution', title: 'challengeSolution' },
  { id: 'what-stood-out', title: 'solution' },
  { id: 'business-impact', title: 'impact' },
  { id: 'results', title: 'results' },
  { id: 'cta', title: 'cta' },
] as const satisfies readonly { id: string; title: keyof Story['titles'] }[];

export type AnchorId = (typeof anchors)[number]['id'];

export const isAnchorId = (id: string): id is AnchorId => anchors.some((anchor) => anchor.id === id);

/**
 * The language and direction of the element's own words (the 404 page, the dialog), declared on
 * each top-level wrapper inside the shadow root, as the story's own (`lang`, `dir`) are on its
 * article: an Arabic (right-to-left) or German host page changes neither the layout nor the screen
 * reader's voice.
 */
export const contentLanguage = { lang: 'en', dir: 'ltr' } as const;
