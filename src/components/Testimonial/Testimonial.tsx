import { testimonial } from '../../shared/content.js';
import { testimonialWords } from '../../shared/content/story.js';
import { safeExternalUrl, safeWebAddress } from '../../lib/url.js';
import { FadeInSection } from '../FadeIn/FadeInSection.js';
import { Art } from '../Illustrations/Art.js';
import { Tooltip } from '../Tooltip/Tooltip.js';

/** Who is quoted, as the host confirmed it (the `testimonial-*` attributes); each falls back to the content module's placeholder. */
export interface TestimonialProps {
  testimonialName?: string | undefined;
  testimonialTitle?: string | undefined;
  testimonialUrl?: string | undefined;
  testimonialPhoto?: string | undefined;
}

export function Testimonial({ testimonialName, testimonialTitle, testimonialUrl, testimonialPhoto }: TestimonialProps) {
  const { person, customerProfile, personProfile } = testimonialWords;
  const name = testimonialName?.trim() || person.name;
  const title = testimonialTitle?.trim() || person.title;
  // A profile the host gave is the person's; without one the link is honest about going to the customer's page.
  const own = safeWebAddress(testimonialUrl);
  const profile = own ?? safeExternalUrl(customerProfile.url);
  const photo = safeWebAddress(testimonialPhoto);
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
            {photo ? (
              <img src={photo} alt="" width="52" height="52" loading="lazy" decoding="async" />
            ) : (
              name
                .split(/\s+/)
                .map((part) => part[0])
                .join('')
                .slice(0, 3)
            )}
          </span>
          <span>
            <span className="testimonial__name">{name}</span>
            <span className="testimonial__role">
              {title}, {person.organisation}
            </span>
            {profile && (
              <Tooltip text={own ? personProfile.tooltip : customerProfile.tooltip}>
                <a className="link" href={profile} target="_blank" rel="noopener noreferrer">
                  {own ? personProfile.label(name) : customerProfile.label}
                </a>
              </Tooltip>
            )}
          </span>
        </figcaption>
      </figure>
    </FadeInSection>
  );
}
