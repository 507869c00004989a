/**
 * A story's id: the slug that names its JSON file, its PDF and its numbers, and that the element
 * sends beside each lead (`story` next to `url` and `data`). One rule for the schema, the element
 * and the server.
 */
const STORY_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_STORY_ID_LENGTH = 64;
/** The story the element shows without `src` or `story`: the specification's. */
export const DEFAULT_STORY_ID = 'redcliffe-labs';

export const isStoryId = (value: string): boolean => value.length <= MAX_STORY_ID_LENGTH && STORY_ID_PATTERN.test(value);
