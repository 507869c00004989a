import { useRef } from 'react';
import clsx from 'clsx';
import { about, challenges, impact, solution } from '../../content.js';
import { FadeInSection } from '../FadeIn/FadeInSection.js';
import { useFadeIn } from '../FadeIn/useFadeIn.js';

interface Point {
  title: string;
  text: string;
}

function PointList({ points }: { points: readonly Point[] }) {
  return (
    <ul className="points">
      {points.map((point) => (
        <li key={point.title}>
          <strong>{point.title}</strong>
          <span>{point.text}</span>
        </li>
      ))}
    </ul>
  );
}

function ImpactCards() {
  const ref = useRef<HTMLUListElement>(null);
  const visible = useFadeIn(ref, 'card');
  return (
    <ul id="results" ref={ref} tabIndex={-1} className={clsx('cards', 'fade', visible && 'fade--in')}>
      {impact.cards.map((card) => (
        <li key={card.label} className="card">
          <span className="card__value">{card.value}</span>
          <span className="card__label">{card.label}</span>
        </li>
      ))}
    </ul>
  );
}

export function ChallengeSolution() {
  return (
    <FadeInSection id="challenge-solution" className="story" labelledBy="challenge-solution-title">
      <h2 className="visually-hidden" id="challenge-solution-title">
        Challenge, solution and impact
      </h2>
      <div className="block block--about">
        <h3 className="block__title">{about.title}</h3>
        <p>{about.text}</p>
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
        <h3 className="block__title">{challenges.title}</h3>
        <PointList points={challenges.points} />
      </div>
      <div className="block" id="what-stood-out" tabIndex={-1}>
        <h3 className="block__title">{solution.title}</h3>
        <PointList points={solution.points} />
      </div>
      <div className="block block--impact" id="business-impact" tabIndex={-1}>
        <h3 className="block__title">{impact.title}</h3>
        <ImpactCards />
      </div>
    </FadeInSection>
  );
}
