import { useRef } from 'react';
import clsx from 'clsx';
import { about, challenges, impact, solution, storySection } from '../../shared/content.js';
import { aboutWords, challengeWords, impactWords, solutionWords } from '../../shared/content/story.js';
import { FadeInSection } from '../FadeIn/FadeInSection.js';
import { useFadeIn } from '../FadeIn/useFadeIn.js';
import { Icon, type IconName } from '../Illustrations/Icon.js';

interface Point {
  icon: IconName;
  title: string;
  text: string;
}

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

/** A figure and what it measures, or (a card without a number) an icon above the whole statement. */
function ImpactCard({ card }: { card: (typeof impactWords.cards)[number] }) {
  const icon = 'icon' in card;
  return (
    <li className="card">
      {icon ? <Icon name={card.icon} /> : <span className="card__value">{card.value}</span>}
      <span className="card__label">{icon ? `${card.value} ${card.label}` : card.label}</span>
    </li>
  );
}

function ImpactCards() {
  const ref = useRef<HTMLDivElement>(null);
  const visible = useFadeIn(ref, 'card');
  return (
    <div id="results" ref={ref} tabIndex={-1} role="group" aria-labelledby="results-title" className={clsx('results', 'fade', visible && 'fade--in')}>
      <h4 className="eyebrow results__title" id="results-title">
        {impact.resultsTitle}
      </h4>
      <ul className="cards">
        {impactWords.cards.map((card) => (
          <ImpactCard key={card.label} card={card} />
        ))}
      </ul>
    </div>
  );
}

export function ChallengeSolution() {
  return (
    <FadeInSection id="challenge-solution" className="story" labelledBy="challenge-solution-title">
      <h2 className="eyebrow story__title" id="challenge-solution-title">
        {storySection.title}
      </h2>
      <div className="block block--about">
        <h3 className="block__title">{about.title}</h3>
        <p>{aboutWords.text}</p>
        <dl className="stats">
          {aboutWords.stats.map((stat) => (
            <div key={stat.label}>
              <dt>{stat.label}</dt>
              <dd>{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="block">
        <h3 className="block__title">{challenges.title}</h3>
        <PointList points={challengeWords.points} />
      </div>
      <div className="block" id="what-stood-out" tabIndex={-1}>
        <h3 className="block__title">{solution.title}</h3>
        <PointList points={solutionWords.points} />
      </div>
      <div className="block block--impact" id="business-impact" tabIndex={-1}>
        <h3 className="block__title">{impact.title}</h3>
        <p>{impactWords.text}</p>
        <ImpactCards />
      </div>
    </FadeInSection>
  );
}
