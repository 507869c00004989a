/**
 * Every word and figure the customer story shows, in one place: this file, and beside it content/
 * for the words only a lazily loaded part uses (the call to action, the jump navigation, the
 * messages beside a field), so the element's first load does not carry them.
 * The element renders it and the build turns it into the one-page PDF,
 * so the page and the leaflet can never disagree.
 */

export const figures = {
  csatImprovement: '22%',
  npsIncrease: '25%',
  cities: '220+',
  labs: '80+',
  collectionCenters: '2000+',
} as const;

/**
 * Who publishes the story: named in the one-page PDF, which is also its author, with a link back to
 * the story page and its one call to action. Placeholder: the name and both addresses must be
 * confirmed by marketing before publishing (see README, "Content").
 */
export const publisher = {
  name: 'WhatsApp Business',
  publishedBy: 'Published by WhatsApp Business',
  storyUrl: 'https://business.whatsapp.com/case-study/redcliffe-labs/',
  storyLink: 'Read the story online:',
  cta: {
    title: 'Bring calling into your customers’ chats',
    text: 'See what WhatsApp Calling could do for your patients and customers.',
    link: 'Talk to our team:',
    url: 'https://business.whatsapp.com/contact-sales',
  },
} as const;

export const customer = {
  name: 'Redcliffe Labs',
} as const;

export const hero = {
  badge: 'Customer Story',
  headline: 'Redcliffe Labs Achieves 22% Higher Customer Satisfaction with WhatsApp Calling',
  lede: 'How a national diagnostics network replaced unreliable phone lines with calling inside the chat its patients already use.',
  readMore: 'Read Full Customer Story',
  /** The second action: opens the download dialog. */
  download: 'Get the one-page PDF',
  compareHint: 'Drag to compare',
  sliderLabel: 'Compare before and after WhatsApp Calling',
  /** The call in progress drawn on the After side (decorative: the After list says it in text). */
  call: {
    title: 'Voice call · 02:14',
    caption: 'Redcliffe Labs support',
    /** Its text alternative where it is a figure (the one-page PDF). */
    description: 'A WhatsApp chat with Redcliffe Labs support, a voice call in progress inside it.',
  },
  before: {
    title: 'Before',
    points: ['Unreliable PSTN network', 'Complex support access', 'Low patient satisfaction', 'Poor customer loyalty'],
  },
  after: {
    title: 'After',
    points: [
      'Seamless IP-based connectivity',
      'Instant in-chat support',
      `${figures.csatImprovement} higher CSAT score`,
      `${figures.npsIncrease} increase in NPS`,
    ],
  },
} as const;

/**
 * The titles of the sections below the hero, which the JumpNav names too. Their words are in
 * content/story.ts, which only those sections' lazy chunk carries.
 */
export const testimonial = { eyebrow: 'Leadership perspective' } as const;
export const about = { title: 'About' } as const;
export const challenges = { title: 'Challenges' } as const;
export const solution = { title: 'The Solution' } as const;

/** The section holding About, Challenges, The Solution and Impact (the JumpNav label says the same). */
/** The call to action's heading (the rest of its words: content/call-to-action.ts). */
export const ctaSection = { title: 'Get the one-page case study' } as const;

export const storySection = {
  title: 'Challenge, solution and impact',
} as const;

export const impact = {
  title: 'Impact',
  /** Heads the cards (the results anchor), so the JumpNav label matches what it scrolls to. */
  resultsTitle: 'Results',
} as const;

/** The next-step link's text where the host sets `contact-url` without `contact-label`. */
export const contactDefaultLabel = 'Talk to our team';

/** One line under the download form, where the host sets `privacy-url`. */
export const privacy = {
  text: 'We use your details to send you this case study and follow up about it, never for anything else.',
  link: 'Privacy notice',
} as const;

/** The name of the story's landmark (an article: it nests inside the host page's <main>). */
export const story = { label: `${customer.name} customer story` } as const;

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
 * The known anchors of the spec, in page order, each labelled in the JumpNav with the
 * title of the section it scrolls to.
 */
export const anchors = [
  { id: 'leadership-perspective', label: testimonial.eyebrow },
  { id: 'challenge-solution', label: storySection.title },
  { id: 'what-stood-out', label: solution.title },
  { id: 'business-impact', label: impact.title },
  { id: 'results', label: impact.resultsTitle },
  { id: 'cta', label: ctaSection.title },
] as const;

export type AnchorId = (typeof anchors)[number]['id'];

export const isAnchorId = (id: string): id is AnchorId => anchors.some((anchor) => anchor.id === id);

/**
 * The language and direction of the story's copy, declared on each top-level wrapper inside the
 * shadow root: an Arabic (right-to-left) or German host page changes neither the layout nor the
 * screen reader's voice.
 */
export const contentLanguage = { lang: 'en', dir: 'ltr' } as const;
