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

export const company = {
  name: 'Redcliffe Labs',
  description: 'Redcliffe Labs is one of India’s fastest-growing diagnostics companies, bringing accurate, affordable testing to patients’ doors.',
} as const;

export const hero = {
  badge: 'Customer Story',
  headline: 'Redcliffe Labs Achieves 22% Higher Customer Satisfaction with WhatsApp Calling',
  lede: 'How a national diagnostics network replaced unreliable phone lines with calling inside the chat its patients already use.',
  readMore: 'Read Full Customer Story',
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

// Placeholder attribution: the name and profile URL must be confirmed by marketing before
// publishing (see README, "Content").
export const testimonial = {
  eyebrow: 'Leadership perspective',
  quote:
    'Our patients already trusted WhatsApp for every update about their tests. Letting them call us from that same chat removed the friction of dialing a number and waiting on a bad line. Satisfaction rose by 22% and our NPS by 25% — the clearest signal that we met patients where they are.',
  person: {
    name: 'Ananya Mehra',
    title: 'Chief Marketing & Customer Officer',
    organisation: company.name,
    profileUrl: 'https://www.linkedin.com/company/redcliffelabs/',
    profileLabel: 'View profile on LinkedIn',
    profileTooltip: 'Opens LinkedIn in a new tab',
  },
} as const;

export const about = {
  title: 'About',
  text: company.description,
  stats: [
    { value: figures.cities, label: 'cities' },
    { value: figures.labs, label: 'labs' },
    { value: figures.collectionCenters, label: 'collection centers' },
  ],
} as const;

export const challenges = {
  title: 'Challenges',
  points: [
    {
      icon: 'clock',
      title: 'Time-sensitive communication',
      text: 'Sample pick-ups, fasting instructions and report questions had to reach patients on time, over a PSTN network that often dropped calls or never connected.',
    },
    {
      icon: 'copy',
      title: 'Complex support access',
      text: 'Patients had to copy a support number out of the chat and paste it into their dialer before they could talk to anyone.',
    },
  ],
} as const;

export const solution = {
  title: 'The Solution',
  points: [
    {
      icon: 'chat-voice',
      title: 'One WhatsApp platform for chat and voice',
      text: 'Messaging and calling now run on a single unified WhatsApp platform, so every conversation keeps its context.',
    },
    {
      icon: 'call',
      title: 'Instant in-chat calling',
      text: 'Patients tap the call button inside the chat they already have open and reach support over reliable IP-based calling.',
    },
  ],
} as const;

/** The section holding About, Challenges, The Solution and Impact (the JumpNav label says the same). */
/** The call to action's heading (the rest of its words: content/call-to-action.ts). */
export const ctaSection = { title: 'Get the one-page case study' } as const;

export const storySection = {
  title: 'Challenge, solution and impact',
} as const;

export const impact = {
  title: 'Impact',
  /** What changed, in words, before the figures: the Impact anchor lands here, the Results anchor on the figures. */
  text: 'Once patients could call from the chat they already use, every call connected over a reliable line and support was one tap away. Patients noticed, and said so in their ratings.',
  /** Heads the cards (the results anchor), so the JumpNav label matches what it scrolls to. */
  resultsTitle: 'Results',
  // A card without a figure shows an icon where the others show their number (the PDF prints
  // the word): read together, "Improved customer connectivity and patient experience".
  cards: [
    { value: figures.csatImprovement, label: 'improvement in CSAT' },
    { value: figures.npsIncrease, label: 'increase in NPS' },
    { value: 'Improved', label: 'customer connectivity and patient experience', icon: 'trend' },
  ],
} as const;

/** The next-step link's text where the host sets `contact-url` without `contact-label`. */
export const contactDefaultLabel = 'Talk to our team';

/** One line under the download form, where the host sets `privacy-url`. */
export const privacy = {
  text: 'We use your details to send you this case study and follow up about it, never for anything else.',
  link: 'Privacy notice',
} as const;

/** The name of the story's landmark (an article: it nests inside the host page's <main>). */
export const story = { label: `${company.name} customer story` } as const;

export const download = {
  title: 'Download the case study',
  intro: 'Tell us where to send follow-ups and the one-pager downloads right away.',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Work email',
  submit: 'Download PDF',
  submitting: 'Processing...',
  started: 'Download started',
  unavailable: 'The download form could not be loaded.',
  close: 'Close',
  /** After the automatic retries failed: what happened, in plain words (the values stay in the form). */
  error: 'We couldn’t get your PDF: our server didn’t answer in time or had a problem. What you typed is still here.',
  /** The submit button's text after a failure. */
  retry: 'Try again',
  /** Before the `contact-url` link, after a failure. */
  orContact: 'Or reach a person:',
  fileName: 'Leaflet_Case_Study_One_Pager.pdf',
} as const;

export const notFound = {
  heading: '404',
  text: 'Oops! Page not found',
  home: 'Return to Home',
} as const;

export const loading = 'Loading...';

/** A lazy section whose chunk still failed after the automatic retries. */
export const loadFailed = {
  text: 'This section could not be loaded.',
  retry: 'Try again',
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
