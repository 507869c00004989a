import { profileWords } from '../../shared/content/testimonial.js';
import { customer as defaultCustomer, testimonial as defaultTestimonial, titles as defaultTitles } from '../../shared/story/stories/redcliffe-labs.json';
import { useStoryPart } from '../App/story-context.js';
import { safeExternalUrl, safeWebAddress } from '../../lib/url.js';
import { FadeInSection } from '../FadeIn/FadeInSection.js';
import { Art } from '../Illustrations/Art.js';
import { Tooltip } from '../Tooltip/Tooltip.js';

/** Who is quoted, as the host confirmed it (the `testimonial-*` attributes); each falls back to the story's. */
export interface TestimonialProps {
  testimonialName?: string | undefined;
  testimonialTitle?: string | undefined;
  testimonialUrl?: string | undefined;
  testimonialPhoto?: string | undefined;
}

export function Testimonial({ testimonialName, testimonialTitle, testimonialUrl, testimonialPhoto }: TestimonialProps) {
  const { quote, person, companyLink } = useStoryPart('testimonial', defaultTestimonial);
  const titles = useStoryPart('titles', defaultTitles);
  const customer = useStoryPart('customer', defaultCustomer);
  const name = testimonialName?.trim() || person.name;
  const title = testimonialTitle?.trim() || person.title;
  // A profile given is the person's; without one the link is honest about going to the customer's page.
  const own = safeWebAddress(testimonialUrl) ?? safeWebAddress(person.url);
  const profile = own ?? safeExternalUrl(companyLink.url);
  const photo = safeWebAddress(testimonialPhoto) ?? safeWebAddress(person.photo);
  return (
    <FadeInSection id="leadership-perspective" className="testimonial" labelledBy="leadership-perspective-title">
      <h2 className="eyebrow" id="leadership-perspective-title">
        {titles.testimonial}
      </h2>
      <figure className="testimonial__figure">
        <span className="quote-box">
          <Art name="quote-mark" />
        </span>
        <blockquote className="testimonial__quote">
          <p>{quote}</p>
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
              {title}, {customer.name}
            </span>
            {profile && (
              <Tooltip text={own ? profileWords.tooltip : companyLink.tooltip}>
                <a className="link" href={profile} target="_blank" rel="noopener noreferrer">
                  {own ? profileWords.label(name) : companyLink.label}
                </a>
              </Tooltip>
            )}
          </span>
        </figcaption>
      </figure>
    </FadeInSection>
  );
}
