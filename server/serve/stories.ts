/**
 * Story files for `redcliffe-leads story check|pdf` and `serve`'s STORIES_DIR, checked by the
 * element's own check (src/shared/story/check-story.ts) and printed by the build's one-pager
 * (src/shared/pdf/one-pager.ts, loaded only when a PDF is asked for: it brings PDFKit).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { checkStory, type Story } from '../../src/shared/story/check-story.js';
import { distDir } from './snippet.js';

/** Larger is not a story a person wrote: refused before it is read. */
const MAX_STORY_BYTES = 256 * 1024;

/** The story in `file`, or every problem with it (`hero.headline: required`); too large or not JSON is one. */
export async function readStoryFile(file: string): Promise<{ ok: true; story: Story } | { ok: false; problems: string[] }> {
  const { size } = await stat(file);
  if (size > MAX_STORY_BYTES) return { ok: false, problems: [`larger than ${MAX_STORY_BYTES / 1024} KB (${size} bytes): not a story file`] };
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    return { ok: false, problems: [`not JSON: ${(error as Error).message}`] };
  }
  return checkStory(value);
}

/** The one-page PDF of a story, as the build makes the default story's (fonts beside the built server). */
export async function storyPdf(story: Story, date = new Date()): Promise<Uint8Array> {
  const { renderOnePager } = await import('../../src/shared/pdf/one-pager.js').catch((error: Error) => {
    throw new Error(`a story's PDF needs the pdfkit package beside this one (npm install pdfkit): ${error.message}`);
  });
  // The fonts the build copied beside the server (the bundled one-pager is not beside them).
  return renderOnePager({ story, date, fontsDir: path.join(distDir(), 'server', 'fonts') });
}

/** Every `*.json` in `dir` by its story's id; throws naming the first bad file and its problems. */
export async function loadStories(dir: string): Promise<Map<string, Story>> {
  const stories = new Map<string, Story>();
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  for (const name of names) {
    const file = path.join(dir, name);
    const read = await readStoryFile(file);
    if (!read.ok) throw new Error(`STORIES_DIR: ${file} is not a valid story: ${read.problems.join('; ')}`);
    if (stories.has(read.story.id)) throw new Error(`STORIES_DIR: ${file} has the id "${read.story.id}" of another file there: give each story its own id`);
    stories.set(read.story.id, read.story);
  }
  if (stories.size === 0) throw new Error(`STORIES_DIR: ${dir} holds no story file (*.json)`);
  return stories;
}

/** `/stories/<id>.pdf`: the PDF a lead of that story gets. */
export const storyPdfPath = (id: string) => `/stories/${id}.pdf`;

/**
 * `/stories/<id>.json` and `/stories/<id>.pdf`, public to every origin as the element's files are
 * (the element fetches `src` with CORS); each PDF made on first request, then kept.
 */
export function storyRoutes(stories: Map<string, Story>, startedAt = new Date()): Hono {
  const pdfs = new Map<string, Promise<Uint8Array>>();
  const app = new Hono();
  app.get('/stories/:file{[a-z0-9-]+\\.(?:json|pdf)}', async (c) => {
    const file = c.req.param('file');
    const id = file.replace(/\.(json|pdf)$/, '');
    const story = stories.get(id);
    const headers = { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'public, max-age=300' };
    if (!story) return c.json({ error: 'not_found', message: `No story "${id}" here.` }, 404);
    if (file.endsWith('.json')) return c.json(story, 200, headers);
    if (!pdfs.has(id)) pdfs.set(id, storyPdf(story, startedAt));
    const bytes = await pdfs.get(id)!;
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Type': 'application/pdf' });
  });
  return app;
}
