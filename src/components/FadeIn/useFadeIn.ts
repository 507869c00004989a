import { useEffect, useState, type RefObject } from 'react';
import { fadeThreshold, type FadeKind } from '../../lib/fade-in.js';

/**
 * True once the element has scrolled into view (it then stays true: sections fade in once).
 * Without IntersectionObserver, or with reduced motion, everything is visible at once.
 */
export function useFadeIn(ref: RefObject<Element | null>, kind: FadeKind = 'section'): boolean {
  const [visible, setVisible] = useState(false);
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
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { threshold: fadeThreshold(window.innerWidth, kind) },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, kind, visible]);
  return visible;
}
