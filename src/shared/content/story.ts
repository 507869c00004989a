/**
 * The words of the sections below the hero (the testimonial; About, Challenges, The Solution and
 * Impact). A part of the content module in a file of its own, so that only those sections' lazy
 * chunk carries it; their titles stay in content.ts, since the JumpNav names them too.
 */
import { customer, figures } from '../content.js';

// Placeholder attribution: the name and title are defaults a host replaces with the
// `testimonial-name` and `testimonial-title` attributes once marketing has confirmed them (see
// docs/element.md, "Before launch"). Without `testimonial-url` the link goes to the customer's page,
// and says so: it is not the quoted person's profile.
export const testimonialWords = {
  quote:
    'Our patients already trusted WhatsApp for every update about their tests. Letting them call us from that same chat removed the friction of dialing a number and waiting on a bad line. Satisfaction rose by 22% and our NPS by 25% — the clearest signal that we met patients where they are.',
  person: {
    name: 'Ananya Mehra',
    title: 'Chief Marketing & Customer Officer',
    organisation: customer.name,
  },
  /** The link without `testimonial-url`: the customer's page, named as such. */
  customerProfile: {
    url: 'https://www.linkedin.com/company/redcliffelabs/',
    label: `${customer.name} on LinkedIn`,
    tooltip: 'Opens LinkedIn in a new tab',
  },
  /** The link to the address `testimonial-url` gives. */
  personProfile: {
    label: (name: string) => `View ${name}’s profile`,
    tooltip: 'Opens in a new tab',
  },
} as const;

export const aboutWords = {
  text: 'Redcliffe Labs is one of India’s fastest-growing diagnostics companies, bringing accurate, affordable testing to patients’ doors.',
  stats: [
    { value: figures.cities, label: 'cities' },
    { value: figures.labs, label: 'labs' },
    { value: figures.collectionCenters, label: 'collection centers' },
  ],
} as const;

export const challengeWords = {
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

export const solutionWords = {
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

export const impactWords = {
  /** What changed, in words, before the figures: the Impact anchor lands here, the Results anchor on the figures. */
  text: 'Once patients could call from the chat they already use, every call connected over a reliable line and support was one tap away. Patients noticed, and said so in their ratings.',
  // A card without a figure shows an icon where the others show their number (the PDF prints
  // the word): read together, "Improved customer connectivity and patient experience".
  cards: [
    { value: figures.csatImprovement, label: 'improvement in CSAT' },
    { value: figures.npsIncrease, label: 'increase in NPS' },
    { value: 'Improved', label: 'customer connectivity and patient experience', icon: 'trend' },
  ],
} as const;
