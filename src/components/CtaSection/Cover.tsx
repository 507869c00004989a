import { useEffect, useState, type ReactNode } from 'react';
import { cta } from '../../shared/content/call-to-action.js';
import { id as defaultId } from '../../shared/story/stories/redcliffe-labs.json';
import { safeWebAddress } from '../../lib/url.js';
import { useStoryPart } from '../App/story-context.js';

/** The packaged cover (scripts/build-cover.mjs: page 1 of the packaged PDF, the default story's), beside that PDF. */
const PACKAGED_COVER = () => new URL('../Leaflet_Case_Study_One_Pager.jpg', import.meta.url).href;

/**
 * The one-pager's cover, the offer shown rather than described: the story's `pdf.cover`, else for
 * the default story with the packaged PDF the packaged cover, else nothing (no empty box). Its
 * width and height (the file's, A4's proportions) reserve its box before it loads: no layout shift.
 * Without a cover, `fallback` (the call to action's drawing of a one-pager).
 *
 * The image is the browser's only: its packaged address comes from the script's own URL, which the
 * server does not have (it would write its file path). The server's HTML and the hydrating render
 * hold its box, empty and the same size; the image takes it once mounted.
 */
export function Cover({ className, fallback = null }: { className: string; fallback?: ReactNode }) {
  const id = useStoryPart('id', defaultId);
  const pdf = useStoryPart('pdf', undefined);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const src = pdf?.cover ? safeWebAddress(pdf.cover) : id === defaultId && !pdf?.url ? PACKAGED_COVER() : null;
  if (!src) return fallback;
  return mounted ? (
    <img className={className} src={src} width="360" height="509" alt={cta.coverAlt} loading="lazy" decoding="async" />
  ) : (
    <span className={className} />
  );
}
