import { printStyles } from '../../styles/print.styles.js';
import { extendCaseStudySheet } from '../../styles/sheet.js';
import { ChallengeSolution } from '../ChallengeSolution/ChallengeSolution.js';
import { ImpactCards } from '../ChallengeSolution/ImpactCards.js';
import { StickyOffer } from '../StickyOffer/StickyOffer.js';
import { Testimonial } from '../Testimonial/Testimonial.js';
import { belowHeroStyles } from './below-hero.styles.js';
import type { StoryPageProps } from './StoryPage.js';

// This chunk's styles join the shared sheet when it loads (not in the initial bundle), and with
// them the print rules: a story is printed with these sections, and their rules must come last.
extendCaseStudySheet(belowHeroStyles, printStyles);

/**
 * The story's sections between the hero and the call to action: the results band, the testimonial
 * and the challenge, solution and impact, with the offer that stays in reach while they are read (not once the PDF
 * was downloaded). A chunk of their own,
 * fetched as the element mounts: the first render shows the hero, and these follow as soon as they
 * are there, so the first download stays small.
 */
export default function BelowHero(props: StoryPageProps) {
  return (
    <div className="below-hero">
      <ImpactCards />
      <Testimonial {...props} />
      <ChallengeSolution />
      {!props.confirmation && <StickyOffer onDownload={props.onDownload} />}
    </div>
  );
}
