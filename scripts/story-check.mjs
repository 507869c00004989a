/** A story file checked by the element's own check (src/shared/story/check-story.ts), for the build and the demo. */
import { readFile } from 'node:fs/promises';
import { loadTs } from './load-ts.mjs';

let checker;
/** Every problem of the story file at `file` (not JSON is one problem); none for a valid story. */
export async function checkStoryFile(file) {
  checker ??= await loadTs('src/shared/story/check-story.ts');
  let value;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    return [`not JSON: ${error.message}`];
  }
  return checker.storyProblems(value);
}
