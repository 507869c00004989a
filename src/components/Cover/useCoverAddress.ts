import { useContext } from 'react';
import { id as defaultId } from '../../shared/story/stories/redcliffe-labs.json';
import { safeWebAddress } from '../../lib/url.js';
import { useStoryPart } from '../App/story-context.js';
import { AssetsBase } from '../App/AssetsBase.js';

/**
 * The one-pager's cover, wherever the offer is shown (the call to action, the offer in reach, the
 * dialog): the story's `pdf.cover`, else for the default story with the packaged PDF the packaged
 * cover (scripts/build-cover.mjs: page 1 of the packaged PDF), else null (no empty box). The packaged
 * one sits beside the element's script: from the server's `assetsUrl` there, from the script's URL
 * here; the two name the same file, so hydration keeps the server's address.
 */
export function useCoverAddress(): string | null {
  const id = useStoryPart('id', defaultId);
  const pdf = useStoryPart('pdf', undefined);
  const assetsBase = useContext(AssetsBase);
  if (pdf?.cover) return safeWebAddress(pdf.cover);
  if (id !== defaultId || pdf?.url) return null;
  return assetsBase ? `${assetsBase}/Leaflet_Case_Study_One_Pager.jpg` : new URL('../Leaflet_Case_Study_One_Pager.jpg', import.meta.url).href;
}
