import { heroWords } from '../../shared/content.js';
import { DOWNLOAD_FORM_ID } from '../../lib/constants.js';
import { customer as defaultCustomer, hero as defaultHero } from '../../shared/story/stories/redcliffe-labs.json';
import { safeWebAddress } from '../../lib/url.js';
import { useStoryPart } from '../App/story-context.js';
import { ComparisonSlider } from '../ComparisonSlider/ComparisonSlider.js';
import { Art } from '../Illustrations/Art.js';

interface Props {
  onReadMore(): void;
  /** Opens the download dialog: the offer, the hero's primary action, before the spec's scroll button. */
  onDownload(): void;
}

export function Hero({ onReadMore, onDownload }: Props) {
  const hero = useStoryPart('hero', defaultHero);
  const customer = useStoryPart('customer', defaultCustomer);
  const logo = safeWebAddress(customer.logo);
  return (
    <header className="hero" part="hero">
      {/* The headline spans the hero on wide screens (at most 3 lines), over the copy and the comparison. */}
      <div className="hero__copy hero__head">
        {logo && <img className="hero__logo" src={logo} alt={customer.name} height="40" decoding="async" />}
        <p className="badge">{hero.badge}</p>
        <h1 className="hero__title">{hero.headline}</h1>
      </div>
      <div className="hero__copy">
        <p className="hero__lede">{hero.lede}</p>
        <div className="hero__actions">
          {/* Without JavaScript it submits the plain form, whose first empty field the browser then shows (no-script.styles.ts). */}
          <button type="submit" form={DOWNLOAD_FORM_ID} className="button button--primary" onClick={(event) => (event.preventDefault(), onDownload())}>
            {hero.download}
          </button>
          <button type="button" className="button button--secondary" onClick={onReadMore}>
            {heroWords.readMore}
          </button>
        </div>
      </div>
      <div className="hero__visual">
        <ComparisonSlider before={hero.before} after={hero.after} label={hero.sliderLabel} hint={heroWords.compareHint} />
        <Art name="call-card" />
      </div>
    </header>
  );
}
