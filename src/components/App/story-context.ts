import { createContext, useContext } from 'react';
import type { Story } from '../../shared/story/story.generated.js';

/**
 * The story the element shows: a checked story (from `src`, `story` or the server's HTML), or null
 * for the default story, whose parts each component imports itself from its JSON file
 * (`import { hero } from '…/redcliffe-labs.json'`): the build puts each part in the chunk that shows
 * it (scripts/rollup/json-parts.mjs), so the default story costs the first download only the hero.
 */
export const StoryContext = createContext<Story | null>(null);

/** A part of the shown story: the given story's, or `defaultPart`, the default story's. */
export function useStoryPart<K extends keyof Story>(key: K, defaultPart: unknown): Story[K] {
  const story = useContext(StoryContext);
  return (story ? story[key] : defaultPart) as Story[K];
}
