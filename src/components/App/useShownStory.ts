import { preloadable } from '../../lib/preload.js';
import type { Story } from '../../shared/story/story.generated.js';
import { usePreloaded } from '../LazySection/usePreloaded.js';

/** Fetching and checking a story is a chunk of its own (src/lib/story-source.tsx), loaded only for `src` or `story`. */
const loadStorySource = preloadable((_retryQuery) => import('../../lib/story-source.js'));

/** Stories known to be valid without the check's chunk: the server's (it checked them before rendering). */
const trusted = new WeakSet<object>();
export const trustStory = (story: Story): void => void trusted.add(story);

/**
 * The story given by the `story` property (first) or the `src` attribute: `known`, the story to
 * show at once (null: the default story, without either), or undefined while the chunk that
 * fetches and checks it is wanted (`source` is what it gets; `ShownStory` renders it once there).
 */
export function useShownStory(src: string | undefined, given: Story | undefined) {
  const source: Story | string | null = given ?? (src?.trim() || null);
  const known = source === null || trusted.has(source as object) ? (source as Story | null) : undefined;
  const { value, failed } = usePreloaded(loadStorySource, 'story', known === undefined);
  return { known, source, ShownStory: value?.ShownStory, failed };
}
