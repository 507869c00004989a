import type { Point } from '../../shared/story/story.generated.js';
import {
  about as defaultAbout,
  challenges as defaultChallenges,
  customer as defaultCustomer,
  impact as defaultImpact,
  solution as defaultSolution,
  titles as defaultTitles,
} from '../../shared/story/stories/redcliffe-labs.json';
import { safeExternalUrl } from '../../lib/url.js';
import { useStoryPart } from '../App/story-context.js';
import { FadeInSection } from '../FadeIn/FadeInSection.js';
import { Icon } from '../Illustrations/Icon.js';

function PointList({ points }: { points: readonly Point[] }) {
  return (
    <ul className="points">
      {points.map((point) => (
        <li key={point.title}>
          <Icon name={point.icon} />
          <strong>{point.title}</strong>
          <span>{point.text}</span>
        </li>
      ))}
    </ul>
  );
}

export function ChallengeSolution() {
  const titles = useStoryPart('titles', defaultTitles);
  const about = useStoryPart('about', defaultAbout);
  const impact = useStoryPart('impact', defaultImpact);
  const challenges = useStoryPart('challenges', defaultChallenges);
  const solution = useStoryPart('solution', defaultSolution);
  const site = safeExternalUrl(useStoryPart('customer', defaultCustomer).site ?? '');
  return (
    <FadeInSection id="challenge-solution" className="story" labelledBy="challenge-solution-title">
      <h2 className="eyebrow story__title" id="challenge-solution-title">
        {titles.challengeSolution}
      </h2>
      <div className="block block--about">
        <h3 className="block__title">{titles.about}</h3>
        <p>
          {about.text}
          {site && (
            <>
              {' '}
              <a className="link" href={site} target="_blank" rel="noopener noreferrer">
                {new URL(site).host}
              </a>
            </>
          )}
        </p>
        <dl className="stats">
          {about.stats.map((stat) => (
            <div key={stat.label}>
              <dt>{stat.label}</dt>
              <dd>{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="block">
        <h3 className="block__title">{titles.challenges}</h3>
        <PointList points={challenges} />
      </div>
      <div className="block" id="what-stood-out" tabIndex={-1}>
        <h3 className="block__title">{titles.solution}</h3>
        <PointList points={solution} />
      </div>
      <div className="block block--impact" id="business-impact" tabIndex={-1}>
        <h3 className="block__title">{titles.impact}</h3>
        <p>{impact.text}</p>
      </div>
    </FadeInSection>
  );
}
