/**
 * Story files for `redcliffe-leads story check|pdf` and `serve`'s STORIES_DIR, checked by the element's own check and
 * printed by the build's one-pager (loaded only when a PDF is asked for: it brings PDFKit).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
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
const FILE_ADDRESSES = [
  ['customer', 'logo'],
  ['testimonial', 'person', 'photo'],
  ['pdf', 'cover'],
  ['pdf', 'url'],
] as const;

/** Each relative address of `story` that names nothing `serve` answers (a broken image or a missing PDF from `/stories/<id>.json`). */
function unservedAddresses(story: Story, served: (name: string) => boolean): string[] {
  const base = 'https://stories.invalid/stories/story.json';
  const problems: string[] = [];
  for (const fields of FILE_ADDRESSES) {
    const address = fields.reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], story);
    if (typeof address !== 'string') continue;
    const url = new URL(address, base);
    if (url.origin !== new URL(base).origin) continue;
    const name = url.pathname.startsWith('/stories/') ? decodeURIComponent(url.pathname.slice('/stories/'.length)) : '';
    if (!served(name))
      problems.push(`${fields.join('.')}: "${address}" is not a file beside the story in STORIES_DIR (an image or a PDF there, or an https: address)`);
  }
  return problems;
}

/** Every `*.json` in `dir` by its story's id; throws naming the first bad file and its problems. */
export async function loadStories(dir: string): Promise<Map<string, Story>> {
  const stories = new Map<string, Story>();
  const entries = (await readdir(dir)).sort();
  const files = new Map<string, string>();
  for (const name of entries.filter((entry) => entry.endsWith('.json'))) {
    const file = path.join(dir, name);
    const read = await readStoryFile(file);
    if (!read.ok) throw new Error(`STORIES_DIR: ${file} is not a valid story: ${read.problems.join('; ')}`);
    if (stories.has(read.story.id)) throw new Error(`STORIES_DIR: ${file} has the id "${read.story.id}" of another file there: give each story its own id`);
    stories.set(read.story.id, read.story);
    files.set(read.story.id, file);
  }
  if (stories.size === 0) throw new Error(`STORIES_DIR: ${dir} holds no story file (*.json)`);
  const served = (name: string) => storyFile(name, stories) !== undefined || (FOLDER_FILE.test(name) && entries.includes(name));
  for (const [id, story] of stories) {
    const problems = unservedAddresses(story, served);
    if (problems.length) throw new Error(`STORIES_DIR: ${files.get(id)} is not a valid story: ${problems.join('; ')}`);
  }
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
    for (const [header, value] of Object.entries(headers)) sent.headers.set(header, value);
    sent.headers.set('Cross-Origin-Resource-Policy', 'cross-origin');
    sent.headers.set('X-Content-Type-Options', 'nosniff');
    // An SVG opened on its own is a document: no script or plug-in of it runs on this origin.
    sent.headers.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox");
    return sent;
  });
  return app;
}
