import { challengeSolutionStyles } from '../ChallengeSolution/challenge-solution.styles.js';
import { stickyOfferStyles } from '../StickyOffer/sticky-offer.styles.js';
import { testimonialStyles } from '../Testimonial/testimonial.styles.js';
import { tooltipStyles } from '../Tooltip/tooltip.styles.js';
import { fadeStyles } from '../../styles/fade.styles.js';
import { text } from '../../styles/type-scale.js';

/** The small label above a section's title: the testimonial's and the challenge section's, both in this chunk (not the first download). */
const eyebrowStyles = `.eyebrow { margin: 0 0 1.25em; font-size: ${text.small}; font-weight: 700; letter-spacing: .12em; text-transform: uppercase; }`;

/** The styles of the sections in the below-hero chunk (the testimonial with its tooltip, the challenge and solution, the offer in reach), and the fade-in every lazy section uses. */
export const belowHeroStyles = [fadeStyles, eyebrowStyles, tooltipStyles, testimonialStyles, challengeSolutionStyles, stickyOfferStyles].join('\n');
