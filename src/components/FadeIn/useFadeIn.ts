import { useEffect, useState, type RefObject } from 'react';
import { fadeThreshold, type FadeKind } from '../../lib/fade-in.js';
import { usePrerendered } from '../App/Prerendered.js';

/**
 * True once the element has scrolled into view (it then stays true: sections fade in once).
 * Without IntersectionObserver, or with reduced motion, everything is visible at once.
 * Server-rendered sections start visible (the HTML must read without JavaScript); once hydrated,
 * one that is wholly out of view is hidden again, so it still fades in when it is reached.
 */
export function useFadeIn(ref: RefObject<Element | null>, kind: FadeKind = 'section'): boolean {
  const prerendered = usePrerendered();
  const [visible, setVisible] = useState(prerendered);
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || revealed) return;
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    if (reduced || typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      setRevealed(true);
      return;
    }
    let first = true;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          setRevealed(true);
          observer.disconnect();
        } else if (first) {
          setVisible(false); // nothing of it is on screen, so hiding it shows nothing
        }
        first = false;
      },
      { threshold: fadeThreshold(window.innerWidth, kind) },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref, kind, revealed]);
  return visible;
}
