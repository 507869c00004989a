/**
 * Every word and figure the customer story shows, in one place.
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

export const company = {
  name: 'Redcliffe Labs',
  description:
    'Redcliffe Labs is one of India’s fastest-growing diagnostics companies, bringing accurate, affordable testing to patients’ doors.',
} as const;

export const hero = {
  badge: 'Customer Story',
  headline: 'Redcliffe Labs Achieves 22% Higher Customer Satisfaction with WhatsApp Calling',
  lede:
    'How a national diagnostics network replaced unreliable phone lines with calling inside the chat its patients already use.',
  readMore: 'Read Full Customer Story',
  compareHint: 'Drag to compare',
  sliderLabel: 'Compare before and after WhatsApp Calling',
  /** The call in progress drawn on the After side (decorative: the After list says it in text). */
  call: { title: 'Voice call · 02:14', caption: 'Redcliffe Labs support' },
  before: {
    title: 'Before',
    points: [
      'Unreliable PSTN network',
      'Complex support access',
      'Low patient satisfaction',
      'Poor customer loyalty',
    ],
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

/** The section holding About, Challenges, The Solution and Impact (the jump-to label says the same). */
export const storySection = {
  title: 'Challenge, solution and impact',
} as const;

export const impact = {
  title: 'Impact',
  /** Heads the cards (the results anchor), so the jump-to label matches what it scrolls to. */
  resultsTitle: 'Results',
  // A card without a figure shows an icon where the others show their number (the PDF prints
  // the word): read together, "Improved customer connectivity and patient experience".
  cards: [
    { value: figures.csatImprovement, label: 'improvement in CSAT' },
    { value: figures.npsIncrease, label: 'increase in NPS' },
    { value: 'Improved', label: 'customer connectivity and patient experience', icon: 'trend' },
  ],
} as const;

export const cta = {
  title: 'Get the one-page case study',
  text: 'Take the Redcliffe Labs story to your team: the challenge, the solution and the results on a single page.',
  button: 'Download the case study',
  /** The label of a field people never see (only form-filling scripts do): leave it empty. */
  trapLabel: 'Leave this field empty',
  /** Shown instead of the button where JavaScript does not run (server-rendered HTML read without it): the plain form below it sends the lead, and the PDF opens. */
  noScript: 'Enter your details and send them: the one-page PDF opens right after.',
  /** Shown instead when the element has no endpoint a form can post to. */
  noScriptNoForm:
    'The download form needs JavaScript, which is turned off in this browser. Turn JavaScript on and reload this page to get the one-page PDF.',
  /** The plain form's button. */
  noScriptSubmit: 'Send and open the PDF',
} as const;

/** The name of the story's landmark (an article: it nests inside the host page's <main>). */
export const story = { label: `${company.name} customer story` } as const;

export const scrollDemo = {
  title: 'Jump to a section',
  backToTop: 'Back to top',
} as const;

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
  error: 'We couldn’t prepare your download. Please try again.',
  fileName: 'Leaflet_Case_Study_One_Pager.pdf',
} as const;

/** What a visitor reads beside a field that needs correcting (the field table names the problems). */
export const fieldMessages = {
  required: { firstName: 'Enter your first name.', lastName: 'Enter your last name.', email: 'Enter your work email.' },
  tooLong: (max: number) => `Use at most ${max} characters.`,
  invalidEmail: 'Enter a work email like name@company.com.',
  invalidCharacters: 'Use letters and punctuation only, without hidden or control characters.',
  other: (problem: string) => `Check this field: ${problem}.`,
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
 * The known anchors of the spec, in page order, each labelled in the jump-to navigation with the
 * title of the section it scrolls to.
 */
export const anchors = [
  { id: 'leadership-perspective', label: testimonial.eyebrow },
  { id: 'challenge-solution', label: storySection.title },
  { id: 'what-stood-out', label: solution.title },
  { id: 'business-impact', label: impact.title },
  { id: 'results', label: impact.resultsTitle },
  { id: 'cta', label: cta.title },
] as const;

export type AnchorId = (typeof anchors)[number]['id'];

export const isAnchorId = (id: string): id is AnchorId => anchors.some((anchor) => anchor.id === id);

/**
 * The language and direction of the story's copy, declared on each top-level wrapper inside the
 * shadow root: an Arabic (right-to-left) or German host page changes neither the layout nor the
 * screen reader's voice.
 */
export const contentLanguage = { lang: 'en', dir: 'ltr' } as const;
