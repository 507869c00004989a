import { useEffect, useState, type RefObject } from 'react';
import { fadeThreshold, type FadeKind } from '../../lib/fade-in.js';
import { usePrerendered } from '../App/Prerendered.js';

/**
 * True once the element has scrolled into view (it then stays true: sections fade in once).
 * Without IntersectionObserver, or with reduced motion, everything is visible at once.
 * Server-rendered sections are visible from the start and stay so: the HTML must read without
 * JavaScript, and hiding the ones out of view again once hydrated (so they could still fade in)
 * started a transition on each while the page was loading, a long task for a fade nobody saw.
 */
export function useFadeIn(ref: RefObject<Element | null>, kind: FadeKind = 'section'): boolean {
  const [visible, setVisible] = useState(usePrerendered());
  useEffect(() => {
    const el = ref.current;
    if (!el || visible) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (reduced || typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setVisible(true);
        observer.disconnect();
      },
      { threshold: fadeThreshold(window.innerWidth, kind) },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, kind, visible]);
  return visible;
}
