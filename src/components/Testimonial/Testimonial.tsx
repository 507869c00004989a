import { testimonial } from '../../shared/content.js';
import { testimonialWords } from '../../shared/content/story.js';
import { safeExternalUrl } from '../../lib/url.js';
import { FadeInSection } from '../FadeIn/FadeInSection.js';
import { Art } from '../Illustrations/Art.js';
import { Tooltip } from '../Tooltip/Tooltip.js';

export function Testimonial() {
  const { person } = testimonialWords;
  const profile = safeExternalUrl(person.profileUrl);
  return (
    <FadeInSection id="leadership-perspective" className="testimonial" labelledBy="leadership-perspective-title">
      <h2 className="eyebrow" id="leadership-perspective-title">
        {testimonial.eyebrow}
      </h2>
      <figure className="testimonial__figure">
        <span className="quote-box">
          <Art name="quote-mark" />
        </span>
        <blockquote className="testimonial__quote">
          <p>{testimonialWords.quote}</p>
        </blockquote>
        <figcaption className="testimonial__person">
          <span className="testimonial__avatar" aria-hidden="true">
            {person.name
              .split(' ')
              .map((part) => part[0])
              .join('')}
          </span>
          <span>
            <span className="testimonial__name">{person.name}</span>
            <span className="testimonial__role">
              {person.title}, {person.organisation}
            </span>
            {profile && (
              <Tooltip text={person.profileTooltip}>
                <a className="link" href={profile} target="_blank" rel="noopener noreferrer">
                  {person.profileLabel}
                </a>
              </Tooltip>
            )}
          </span>
        </figcaption>
      </figure>
    </FadeInSection>
  );
}
