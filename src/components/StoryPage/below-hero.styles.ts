import { challengeSolutionStyles } from '../ChallengeSolution/challenge-solution.styles.js';
import { stickyOfferStyles } from '../StickyOffer/sticky-offer.styles.js';
import { testimonialStyles } from '../Testimonial/testimonial.styles.js';
import { tooltipStyles } from '../Tooltip/tooltip.styles.js';

/** The styles of the sections in the below-hero chunk (the testimonial with its tooltip, the challenge and solution, the offer in reach). */
export const belowHeroStyles = [tooltipStyles, testimonialStyles, challengeSolutionStyles, stickyOfferStyles].join('\n');
