import { hero } from '../../content.js';
import { ComparisonSlider } from '../ComparisonSlider/ComparisonSlider.js';

interface Props {
  onReadMore(): void;
}

export function Hero({ onReadMore }: Props) {
  return (
    <header className="hero" part="hero">
      <div className="hero__copy">
        <p className="badge">{hero.badge}</p>
        <h1 className="hero__title">{hero.headline}</h1>
        <p className="hero__lede">{hero.lede}</p>
        <button type="button" className="button button--primary" onClick={onReadMore}>
          {hero.readMore}
        </button>
      </div>
      <ComparisonSlider before={hero.before} after={hero.after} label={hero.sliderLabel} hint={hero.compareHint} />
    </header>
  );
}
