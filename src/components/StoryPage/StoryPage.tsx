import { startTransition, useCallback, useEffect, useState } from 'react';
import { contentLanguage, story } from '../../shared/content.js';
import { preloadable } from '../../lib/preload.js';
import { TOP } from '../../lib/scroll.js';
import { ChallengeSolution } from '../ChallengeSolution/ChallengeSolution.js';
import { usePrerendered } from '../App/Prerendered.js';
import { Hero } from '../Hero/Hero.js';
import { LazySection } from '../LazySection/LazySection.js';
import { Testimonial } from '../Testimonial/Testimonial.js';
import { useSectionScroll } from './useSectionScroll.js';

/** Lazy chunks, fetched relative to this module's own URL (the case-study assets path). */
export const loadCta = preloadable((_retryQuery) => import('../CtaSection/CtaSection.js'));
export const loadScrollDemo = preloadable((_retryQuery) => import('../ScrollDemo/ScrollDemo.js'));

interface Props {
  onDownload(): void;
  /** The element's attributes, for the call to action's form without JavaScript. */
  endpoint?: string;
  formUrl?: string;
}

export function StoryPage({ onDownload, endpoint, formUrl }: Props) {
  // The hero renders first; the sections below it follow in a transition React renders in short
  // slices, so no long task holds the main thread (and 50 instances paint their headlines sooner).
  // Server-rendered HTML already holds every section: render them all at once to hydrate it.
  const prerendered = usePrerendered();
  const [belowHero, setBelowHero] = useState(prerendered);
  useEffect(() => {
    if (!belowHero) startTransition(() => setBelowHero(true));
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

  // An article, not <main>: the element sits inside the host page's own <main> landmark.
  return (
    <article className="page" ref={pageRef} tabIndex={-1} aria-label={story.label} {...contentLanguage}>
      <Hero onReadMore={() => jump('leadership-perspective')} />
      {belowHero && (
        <>
          <Testimonial />
          <ChallengeSolution />
          <LazySection name="cta" load={loadCta} props={{ onDownload, endpoint, formUrl }} />
          <LazySection name="scroll-demo" load={loadScrollDemo} props={{ onJump: jumpOrTop }} />
        </>
      )}
    </article>
  );
}
