import { startTransition, useCallback, useEffect, useState } from 'react';
import { storyLabel } from '../../shared/content.js';
import { customer as defaultCustomer, lang as defaultLang } from '../../shared/story/stories/redcliffe-labs.json';
import { useStoryPart } from '../App/story-context.js';
import { TOP } from '../../lib/constants.js';
import { usePrerendered } from '../App/Prerendered.js';
import { Hero } from '../Hero/Hero.js';
import { LazySection } from '../LazySection/LazySection.js';
import { LAZY_SECTIONS, type LazySectionName, type LazySectionProps } from '../LazySection/lazy-sections.js';
import { useSectionScroll } from './useSectionScroll.js';
import type { CtaSectionProps } from '../CtaSection/CtaSection.js';
import type { TestimonialProps } from '../Testimonial/Testimonial.js';

/** What the story passes to its call to action (see CtaSection) and to the sections below the hero (the quoted person, the offer that stays in reach). */
export type StoryPageProps = CtaSectionProps & TestimonialProps;

export function StoryPage(storyProps: StoryPageProps) {
  // The hero renders first; the sections below it follow, once their chunk is there (or failed: a
  // "Try again" then stands in their place), in a transition React renders in short slices, so no
  // long task holds the main thread (and 50 instances paint their headlines sooner).
  // Server-rendered HTML already holds every section: render them all at once to hydrate it.
  const prerendered = usePrerendered();
  const [belowHero, setBelowHero] = useState(prerendered);
  useEffect(() => {
    if (belowHero) return;
    let live = true;
    const show = () => live && startTransition(() => setBelowHero(true));
    LAZY_SECTIONS['below-hero']().then(show, show);
    return () => {
      live = false;
    };
  }, [belowHero]);
  // Browsers cannot find ids inside a shadow root: buttons and the page's #hash scroll through this.
  const { pageRef, jump } = useSectionScroll();

  // "Back to top" takes focus to the top of the story too, not only the page's scroll position.
  const jumpOrTop = useCallback(
    (id: string) => {
      jump(id);
      if (id === TOP) pageRef.current?.focus({ preventScroll: true });
    },
    [jump, pageRef],
  );

  // What each lazy section (lazy-sections.ts) gets: TypeScript asks for a section added there.
  const sectionProps: { [N in LazySectionName]: LazySectionProps<N> } = { 'below-hero': storyProps, cta: storyProps, 'jump-nav': { onJump: jumpOrTop } };

  const customer = useStoryPart('customer', defaultCustomer);
  const lang = useStoryPart('lang', defaultLang);
  const dir = useStoryPart('dir', undefined) ?? 'ltr';

  // An article, not <main>: the element sits inside the host page's own <main> landmark.
  return (
    <article className="page" ref={pageRef} tabIndex={-1} aria-label={storyLabel(customer.name)} lang={lang} dir={dir}>
      <Hero onReadMore={() => jump('leadership-perspective')} onDownload={storyProps.onDownload} />
      {belowHero && (Object.keys(LAZY_SECTIONS) as LazySectionName[]).map((name) => <LazySection key={name} name={name} props={sectionProps[name]} />)}
    </article>
  );
}
