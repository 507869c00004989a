import { useRef } from 'react';
import clsx from 'clsx';
import type { Card } from '../../shared/story/story.generated.js';
import { cardBasis } from '../../shared/story/card-basis.js';
import { impact as defaultImpact, titles as defaultTitles } from '../../shared/story/stories/redcliffe-labs.json';
import { useStoryPart } from '../App/story-context.js';
import { useFadeIn } from '../FadeIn/useFadeIn.js';
import { Icon } from '../Illustrations/Icon.js';

/** A figure and what it measures, or (a card with an icon) an icon above the whole statement; then its period and baseline. */
function ImpactCard({ card }: { card: Card }) {
  const basis = cardBasis(card);
  return (
    <li className="card">
      {card.icon ? <Icon name={card.icon} /> : <span className="card__value">{card.value}</span>}
      <span className="card__label">{card.icon ? `${card.value} ${card.label}` : card.label}</span>
      {basis && <span className="card__basis">{basis}</span>}
    </li>
  );
}

/**
 * The results (#results), a band right under the hero: each figure once, where it argues, with its
 * period and baseline. The Impact block further down tells the story behind them.
 */
export function ImpactCards() {
  const { results } = useStoryPart('titles', defaultTitles);
  const { cards } = useStoryPart('impact', defaultImpact);
  const ref = useRef<HTMLDivElement>(null);
  const visible = useFadeIn(ref, 'card');
  return (
    <div id="results" ref={ref} tabIndex={-1} role="group" aria-labelledby="results-title" className={clsx('results', 'fade', visible && 'fade--in')}>
      <h2 className="eyebrow results__title" id="results-title">
        {results}
      </h2>
      <ul className="cards">
        {cards.map((card) => (
          <ImpactCard key={card.label} card={card} />
        ))}
      </ul>
    </div>
  );
}
