import { useContext, type ReactNode } from 'react';
import { cta } from '../../shared/content/call-to-action.js';
import { id as defaultId } from '../../shared/story/stories/redcliffe-labs.json';
import { safeWebAddress } from '../../lib/url.js';
import { useStoryPart } from '../App/story-context.js';
import { AssetsBase } from '../App/AssetsBase.js';

const COVER_FILE = 'Leaflet_Case_Study_One_Pager.jpg';
/**
 * The packaged cover (scripts/build-cover.mjs: page 1 of the packaged PDF, the default story's),
 * beside the element's script: from the server's `assetsUrl` there, from the script's URL here.
 * The two name the same file; hydration keeps the server's address.
 */
const packagedCover = (assetsBase: string | null) =>
  assetsBase ? `${assetsBase}/${COVER_FILE}` : new URL('../Leaflet_Case_Study_One_Pager.jpg', import.meta.url).href;

/**
 * The one-pager's cover, the offer shown rather than described: the story's `pdf.cover`, else for
 * the default story with the packaged PDF the packaged cover, else nothing (no empty box). Its
 * width and height (the file's, A4's proportions) reserve its box before it loads: no layout shift.
 * Without a cover, `fallback` (the call to action's drawing of a one-pager).
 */
export function Cover({ className, fallback = null }: { className: string; fallback?: ReactNode }) {
  const id = useStoryPart('id', defaultId);
  const pdf = useStoryPart('pdf', undefined);
  const assetsBase = useContext(AssetsBase);
  const src = pdf?.cover ? safeWebAddress(pdf.cover) : id === defaultId && !pdf?.url ? packagedCover(assetsBase) : null;
  if (!src) return fallback;
  return <img className={className} src={src} width="360" height="509" alt={cta.coverAlt} loading="lazy" decoding="async" />;
}
