import { hero } from '../../shared/content.js';
import { ComparisonSlider } from '../ComparisonSlider/ComparisonSlider.js';
import { Art } from '../Illustrations/Art.js';

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
      <div className="hero__visual">
        <ComparisonSlider before={hero.before} after={hero.after} label={hero.sliderLabel} hint={hero.compareHint} />
        <Art name="call-card" />
      </div>
    </header>
  );
}
