/**
 * The pages `npm run bench` compares, each with its plain twin (./twin.mjs), served side by side.
 *
 * The demo host site (demo/server.mjs) is started as `npm start` serves it; its story page
 * (server-rendered, styles inline) and its client-only page are fetched once, as served, and the
 * fifty-element page is the story page with 49 more elements after the first, rendered by the
 * same renderCaseStudy with the same attributes, each linking the one stylesheet (docs/ssr.md).
 * A front server then serves every page and its twin from those bytes, gzip as the demo sends
 * them, with the demo's headers, and passes every other request (the element's script and chunks,
 * the stylesheet, the favicon) to the demo: both sides of a ratio are served the same way.
 *
 * The pages differ by their query only, so each is at the path the element routes as its story.
 * The site is made from a checkout's root (its demo, its dist/): `npm run bench -- --compare <dir>`
 * starts one for another build too.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { elementRanges, plainTwin, TWIN_CLASS, twinCss } from './twin.mjs';

export const FIFTY = 50;
const FORM_TIME = /(?<=name="form_rendered_at" value=")\d+/g;
const TWIN_SHEET = '/bench-twin/redcliffe-case-study.css';
const FLOOR_SCRIPT = '/bench-floor/show.js';

/**
 * The floor under any first screen a script renders: the plain twin, its story hidden until a
 * one-line module script (no imports, nothing to compute) shows it. Its LCP is the twin's plus one
 * script request and nothing else, so no client-only page, whatever its script, can paint sooner.
 * Hidden by `visibility`, not `display: none`: taken out of the layout, the story let the host's
 * footer move up into the first screen, where it was painted first and became the LCP element.
 */
function floorPage(twin) {
  const shown = twin.replace(`<div class="${TWIN_CLASS}">`, `<div class="${TWIN_CLASS}" style="visibility: hidden">`);
  if (shown === twin || !/<\/head>/i.test(shown)) throw new Error('The twin has no story or no head: update floorPage in scripts/bench/site.mjs.');
  return shown.replace(/<\/head>/i, `<script type="module" src="${FLOOR_SCRIPT}"></script></head>`);
}
/** The response headers the front server passes on from the demo's answer for a page. */
const KEPT_HEADERS = ['cache-control', 'content-type', 'referrer-policy', 'x-content-type-options'];

async function fetchText(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const headers = Object.fromEntries(KEPT_HEADERS.map((name) => [name, response.headers.get(name)]).filter(([, value]) => value));
  return { headers, body: await response.text() };
}

/** The story page with `count` elements: the one the demo served (styles inline), then `count - 1` linking the stylesheet. */
async function manyElements(story, count, root, demoModule) {
  const { ASSET_BASE, DEMO_CONTACT_URL, DEMO_FORM_URL, DEMO_PRIVACY_URL, PAGES } = demoModule;
  const { renderCaseStudy } = await import(pathToFileURL(join(root, 'dist', 'ssr.js')).href);
  const options = {
    path: PAGES.story,
    base: PAGES.story.replace(/\/$/, ''),
    formUrl: DEMO_FORM_URL,
    privacyUrl: DEMO_PRIVACY_URL,
    contactUrl: DEMO_CONTACT_URL,
    assetsUrl: ASSET_BASE,
  };
  // The no-JS form's bot trap carries the time it was rendered: the one difference between two renders.
  const same = (a, b) => a.replace(FORM_TIME, '') === b.replace(FORM_TIME, '');
  const [served, ...more] = elementRanges(story);
  if (!served || more.length || !same(story.slice(served.start, served.end), renderCaseStudy({ ...options, styles: 'inline' }).html)) {
    throw new Error('The demo renders its story page with other options than the bench: update manyElements in scripts/bench/site.mjs.');
  }
  const linked = Array.from({ length: count - 1 }, () => renderCaseStudy({ ...options, styles: 'link' }).html);
  return [story.slice(0, served.end), ...linked].join('\n') + story.slice(served.end);
}

/**
 * Starts the demo of the checkout at `root` (built) and the front server. Resolves to { urls:
 * { story, storyTwin, client, clientFloor, fifty, fiftyTwin }, sizes (each page's bytes, raw and gzip), close }.
 */
export async function startBenchSite(root) {
  const demoModule = await import(pathToFileURL(join(root, 'demo', 'server.mjs')).href);
  const { ASSET_BASE, PAGES } = demoModule;
  const leadsDir = await mkdtemp(join(tmpdir(), 'rcs-bench-leads-'));
  const demo = await demoModule.startDemoServer({ port: 0, quiet: true, rateLimit: false, leadsDir });
  const routes = new Map();
  const sizes = {};
  const add = (key, path, type, headers, body) => {
    const identity = Buffer.from(body);
    const gzip = gzipSync(identity);
    routes.set(path, { headers: { ...headers, 'content-type': type }, identity, gzip });
    if (key) sizes[key] = { raw: identity.length, gzip: gzip.length };
  };
  let front;
  try {
    const story = await fetchText(`${demo.url}${PAGES.story}`);
    const client = await fetchText(`${demo.url}${PAGES.clientOnly}`);
    const sheet = await fetchText(`${demo.url}${ASSET_BASE}/redcliffe-case-study.css`);
    const fifty = await manyElements(story.body, FIFTY, root, demoModule);
    const twin = (html) => plainTwin(html, { linkedSheet: (href, inStory) => (inStory ? TWIN_SHEET : href) });
    const html = story.headers['content-type'];
    add('story', PAGES.story, html, story.headers, story.body);
    add('storyTwin', `${PAGES.story}?twin`, html, story.headers, twin(story.body));
    add('client', PAGES.clientOnly, html, client.headers, client.body);
    add('clientFloor', `${PAGES.story}?floor`, html, story.headers, floorPage(twin(story.body)));
    add(
      null,
      FLOOR_SCRIPT,
      'text/javascript; charset=utf-8',
      {},
      `for (const story of document.querySelectorAll('.${TWIN_CLASS}')) story.style.visibility = '';\n`,
    );
    add('fifty', `${PAGES.story}?fifty`, html, story.headers, fifty);
    add('fiftyTwin', `${PAGES.story}?fifty-twin`, html, story.headers, twin(fifty));
    add(null, TWIN_SHEET, sheet.headers['content-type'], sheet.headers, twinCss(sheet.body));

    const upstream = new URL(demo.url);
    front = http.createServer((req, res) => {
      const route = routes.get(req.url);
      if (!route) {
        // Everything else as the demo answers it, bytes untouched.
        const forward = http.request({ host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode, answer.headers);
          answer.pipe(res);
        });
        forward.on('error', () => res.writeHead(502).end());
        return void req.pipe(forward);
      }
      const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
      const body = gzip ? route.gzip : route.identity;
      res.writeHead(200, { ...route.headers, 'content-length': body.length, vary: 'Accept-Encoding', ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
      res.end(req.method === 'HEAD' ? undefined : body);
    });
    await new Promise((resolve) => front.listen(0, '127.0.0.1', resolve));
  } catch (error) {
    await demo.close();
    await rm(leadsDir, { recursive: true, force: true });
    throw error;
  }
  const origin = `http://127.0.0.1:${front.address().port}`;
  return {
    urls: {
      story: `${origin}${PAGES.story}`,
      storyTwin: `${origin}${PAGES.story}?twin`,
      client: `${origin}${PAGES.clientOnly}`,
      clientFloor: `${origin}${PAGES.story}?floor`,
      fifty: `${origin}${PAGES.story}?fifty`,
      fiftyTwin: `${origin}${PAGES.story}?fifty-twin`,
    },
    sizes,
    close: async () => {
      front.closeAllConnections();
      await new Promise((resolve) => front.close(resolve));
      await demo.close();
      await rm(leadsDir, { recursive: true, force: true });
    },
  };
}
