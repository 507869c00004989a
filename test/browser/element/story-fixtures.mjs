/**
 * Dev-server middleware (web-test-runner.config.mjs) for test/browser/element/story-src.test.js:
 * story files as a host's server answers them. A fixed map: nothing from the request reaches the
 * file system.
 *
 *   GET /__stories/quillfeather-books.json   a third story, made up at request time (test/stories/third-story.mjs),
 *                                            its logo and photo given relative to the file
 *   GET /__stories/quillfeather-logo.svg, /__stories/people/morgan-quill.svg   those two images
 *   GET /__stories/invalid.json              the default story without hero.headline, impact.cards[2].value a number
 *   GET /__stories/not-json.json             a CMS's "page not found" page, answered 200 as HTML
 *   GET /__stories/missing.json              404
 *   GET /__stories/northwind-clinics.json    the demo's second story (the test runner would serve the file itself as a module)
 *   GET /__stories/counted/<name>.json       the demo's second story, each request counted by name
 *   GET /__stories/requests/<name>           how many requests /__stories/counted/<name>.json has had
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { thirdStory } from '../../stories/third-story.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const readJson = async (file) => JSON.parse(await readFile(join(root, file), 'utf8'));
const SAMPLE = 'demo/stories/northwind-clinics.json';

const image = (colour) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" width="40" height="40"><rect width="40" height="40" rx="8" fill="${colour}"/></svg>`;

const FILES = {
  '/__stories/quillfeather-books.json': async () => ({
    type: 'application/json',
    body: JSON.stringify(thirdStory(await readJson(SAMPLE), { logo: 'quillfeather-logo.svg', photo: 'people/morgan-quill.svg' })),
  }),
  '/__stories/northwind-clinics.json': async () => ({ type: 'application/json', body: await readFile(join(root, SAMPLE), 'utf8') }),
  '/__stories/quillfeather-logo.svg': () => ({ type: 'image/svg+xml', body: image('#1d3557') }),
  '/__stories/people/morgan-quill.svg': () => ({ type: 'image/svg+xml', body: image('#2a9d8f') }),
  '/__stories/invalid.json': async () => {
    const story = await readJson('src/shared/story/stories/redcliffe-labs.json');
    delete story.hero.headline;
    story.impact.cards[2].value = 3;
    return { type: 'application/json', body: JSON.stringify(story) };
  },
  '/__stories/not-json.json': () => ({ type: 'text/html', body: '<!doctype html><title>Page not found</title><h1>Sorry, that page is gone</h1>' }),
  '/__stories/missing.json': () => ({ status: 404, type: 'text/html', body: '<!doctype html><title>Not found</title><h1>404</h1>' }),
};

/** Requests of /__stories/counted/<name>.json, by name. */
const requests = new Map();

export async function storyFixtures(ctx, next) {
  if (!ctx.path.startsWith('/__stories/')) return next();
  ctx.set('Cache-Control', 'no-store');
  const counted = /^\/__stories\/counted\/([\w-]+)\.json$/.exec(ctx.path)?.[1];
  const asked = /^\/__stories\/requests\/([\w-]+)$/.exec(ctx.path)?.[1];
  if (counted) {
    requests.set(counted, (requests.get(counted) ?? 0) + 1);
    ctx.type = 'application/json';
    ctx.body = await readFile(join(root, SAMPLE), 'utf8');
  } else if (asked) {
    ctx.type = 'text/plain';
    ctx.body = String(requests.get(asked) ?? 0);
  } else if (Object.hasOwn(FILES, ctx.path)) {
    const { status = 200, type, body } = await FILES[ctx.path]();
    ctx.status = status;
    ctx.type = type;
    ctx.body = body;
  } else return next();
}
