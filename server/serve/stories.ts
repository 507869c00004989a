/**
 * Story files for `redcliffe-leads story check|pdf` and `serve`'s STORIES_DIR, checked by the element's own check and
 * printed by the build's one-pager (loaded only when a PDF is asked for: it brings PDFKit).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { checkStory, type Story } from '../../src/shared/story/check-story.js';
import { PUBLIC_FILE } from './assets.js';
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

/** The one-page PDF of a story, as the build makes the default story's. */
export async function storyPdf(story: Story, date = new Date()): Promise<Uint8Array> {
  const { renderOnePager } = await import('../../src/shared/pdf/one-pager.js').catch((error: Error) => {
    throw new Error(`a story's PDF needs the pdfkit package beside this one (npm install pdfkit): ${error.message}`);
  });
  // The fonts the build copied beside the server (the bundled one-pager is not beside them).
  return renderOnePager({ story, date, fontsDir: path.join(distDir(), 'server', 'fonts') });
}

/** The files beside the stories that `serve` answers at `/stories/<file>`: a story's images and PDFs. */
const FOLDER_FILE = /^[A-Za-z0-9][\w.-]*\.(?:svg|png|jpe?g|webp|avif|gif|pdf)$/;

/** The story's addresses that may name a file relative to the story file (the others are absolute links). */
const FILE_ADDRESSES = ['customer.logo', 'testimonial.person.photo', 'pdf.cover', 'pdf.url'];

/** Each relative address of `story` naming no file `serve` answers beside it (a broken image or a missing PDF). */
const unserved = (story: Story, entries: string[]) =>
  FILE_ADDRESSES.flatMap((field) => {
    const address = field.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], story);
    if (typeof address !== 'string') return [];
    const url = new URL(address, 'file:///stories/story.json');
    const name = url.protocol === 'file:' ? url.pathname.replace(/^\/stories\//, '') : undefined;
    if (name === undefined || name === `${story.id}.pdf` || (FOLDER_FILE.test(name) && entries.includes(name))) return [];
    return [`${field}: "${address}" is not a file beside the story in STORIES_DIR (an image or a PDF there, or an https: address)`];
  });

/** Every `*.json` in `dir` by its story's id; throws naming the first bad file and its problems. */
export async function loadStories(dir: string): Promise<Map<string, Story>> {
  const stories = new Map<string, Story>();
  const entries = (await readdir(dir)).sort();
  for (const name of entries.filter((entry) => entry.endsWith('.json'))) {
    const file = path.join(dir, name);
    const read = await readStoryFile(file);
    const problems = read.ok ? unserved(read.story, entries) : read.problems;
    if (!read.ok || problems.length) throw new Error(`STORIES_DIR: ${file} is not a valid story: ${problems.join('; ')}`);
    if (stories.has(read.story.id)) throw new Error(`STORIES_DIR: ${file} has the id "${read.story.id}" of another file there: give each story its own id`);
    stories.set(read.story.id, read.story);
  }
  if (stories.size === 0) throw new Error(`STORIES_DIR: ${dir} holds no story file (*.json)`);
  return stories;
}

/** The story and the form (`json`, `pdf`) that `/stories/<name>` made from a story names, if any. */
function storyFile(name: string, stories: Map<string, Story>): { story: Story; pdf: boolean } | undefined {
  const match = /^([a-z0-9-]+)\.(json|pdf)$/.exec(name);
  const story = match && stories.get(match[1]!);
  return story ? { story, pdf: match![2] === 'pdf' } : undefined;
}

/** `/stories/<id>.pdf`: the PDF a lead of that story gets. */
export const storyPdfPath = (id: string) => `/stories/${id}.pdf`;

/**
 * `/stories/<id>.json` and `/stories/<id>.pdf`, public to every origin as the element's files are (it fetches `src` with
 * CORS); each PDF made on first request, then kept. The images and PDFs beside the stories in `dir` are served at
 * `/stories/<file>` too, so a story's relative logo, photo, cover or PDF resolve as beside the file on any web server.
 */
export function storyRoutes(stories: Map<string, Story>, dir: string, startedAt = new Date()): Hono {
  const pdfs = new Map<string, Promise<Uint8Array>>();
  const headers = { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'public, max-age=300' };
  const app = new Hono();
  app.get('/stories/:name', async (c) => {
    const name = c.req.param('name');
    const made = storyFile(name, stories);
    if (made && !made.pdf) return c.json(made.story, 200, headers);
    if (made) {
      const { id } = made.story;
      const bytes = await (pdfs.get(id) ?? pdfs.set(id, storyPdf(made.story, startedAt)).get(id)!);
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Type': 'application/pdf' });
    }
    const missing = () => c.json({ error: 'not_found', message: `No story or story file "${name}" here.` }, 404);
    if (!FOLDER_FILE.test(name)) return missing();
    const sent = await serveStatic({ root: dir, path: name })(c, async () => {});
    if (!(sent instanceof Response)) return missing();
    for (const [header, value] of Object.entries({ ...headers, ...PUBLIC_FILE })) sent.headers.set(header, value);
    // An SVG opened on its own is a document: no script or plug-in of it runs on this origin.
    sent.headers.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox");
    return sent;
  });
  return app;
}
