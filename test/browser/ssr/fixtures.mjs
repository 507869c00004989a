/**
 * Dev-server middleware (web-test-runner.config.mjs) for test/browser/ssr: server-rendered HTML
 * from the built server entry (dist/ssr.js), stylesheet linked from /dist.
 *
 *   GET /__ssr/page   a whole page holding the story mounted at /__ssr/page (no script: a test adds it to hydrate)
 *   GET /__ssr/element?path=…&base=…&privacyUrl=…&contactUrl=…&styles=…&story=…   the element's HTML as renderCaseStudy returns it (text/html);
 *                     story=quillfeather-books renders the tests' third story (test/stories/third-story.mjs)
 *   GET /__ssr/paint/<name>/   whole pages for the first-paint tests (see PAINT_PAGES), styles inline or linked
 *   GET /__ssr/held/…          a stylesheet that is not answered until POST /__ssr/held/release
 *   GET /__ssr/held-count      how many stylesheet requests are being held back
 *   GET /__ssr/style-src       dist/integrity.json's styleSrc (the test runner serves .json as a module)
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { thirdStory } from '../../stories/third-story.mjs';

const ssrModule = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), '../../../dist/ssr.js')).href;

export async function ssrFixtures(ctx, next) {
  if (ctx.path === PAGE_PATH) return page(ctx);
  if (ctx.path.startsWith('/__ssr/held')) return held(ctx);
  if (ctx.path === '/__ssr/style-src') return styleSrc(ctx);
  if (ctx.path.startsWith('/__ssr/paint/')) return paintPage(ctx, next);
  if (ctx.path !== '/__ssr/element') return next();
  const { renderCaseStudy } = await import(ssrModule);
  const { html, status } = renderCaseStudy({
    path: ctx.query.path ?? '/case-study/redcliffe-labs/',
    base: ctx.query.base || undefined,
    privacyUrl: ctx.query.privacyUrl || undefined,
    contactUrl: ctx.query.contactUrl || undefined,
    assetsUrl: '/dist',
    styles: ctx.query.styles || undefined,
    story:
      ctx.query.story === 'quillfeather-books' ? thirdStory(JSON.parse(await readFile(join(root, 'demo/stories/northwind-clinics.json'), 'utf8'))) : undefined,
  });
  ctx.type = 'text/html';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('X-Render-Status', String(status));
  ctx.body = html;
}

const PAGE_PATH = '/__ssr/page';

async function page(ctx) {
  const { renderCaseStudy } = await import(ssrModule);
  const { html } = renderCaseStudy({ path: PAGE_PATH, base: PAGE_PATH, assetsUrl: '/dist' });
  ctx.type = 'text/html';
  ctx.set('Cache-Control', 'no-store');
  ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Story</title></head><body style="margin:0">${html}</body></html>`;
}

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
/** Responses to /__ssr/held/… waiting to be released. */
const waiting = new Set();

async function held(ctx) {
  ctx.set('Cache-Control', 'no-store');
  if (ctx.path === '/__ssr/held-count') {
    ctx.body = String(waiting.size);
    return;
  }
  if (ctx.path === '/__ssr/held/release') {
    for (const release of waiting) release();
    waiting.clear();
    ctx.body = 'released';
    return;
  }
  await new Promise((resolve) => waiting.add(resolve));
  ctx.type = 'text/css';
  ctx.body = await readFile(join(root, 'dist/redcliffe-case-study.css'), 'utf8');
}

async function styleSrc(ctx) {
  ctx.type = 'text/plain';
  ctx.body = JSON.parse(await readFile(join(root, 'dist/integrity.json'), 'utf8')).styleSrc;
}

/** The CSP of the strict fixtures, with the inline <style>'s published hash (or a wrong one, the control). */
const strictCsp = (styleSrc) => `default-src 'self'; style-src 'self' ${styleSrc}; script-src 'self'; require-trusted-types-for 'script'; trusted-types 'none'`;
const WRONG_HASH = `'sha256-${Buffer.alloc(32).toString('base64')}'`;

/**
 * name → { count, styles(i), assetsUrl, script, csp }: `count` server-rendered elements, the i-th
 * with styles(i); `script` loads the entry; `csp` is 'published' (dist/integrity.json's styleSrc),
 * 'wrong' or absent.
 */
const PAINT_PAGES = {
  // The first element inline, the second linking a stylesheet that is held back.
  'inline-held': { count: 2, styles: (i) => (i === 0 ? 'inline' : 'link'), assetsUrl: '/__ssr/held' },
  // One element linking the held stylesheet (the control).
  'link-held': { count: 1, styles: () => 'link', assetsUrl: '/__ssr/held' },
  'csp-published': { count: 1, styles: () => 'inline', assetsUrl: '/dist', script: true, csp: 'published' },
  'csp-wrong': { count: 1, styles: () => 'inline', assetsUrl: '/dist', csp: 'wrong' },
  // Fifty elements, the first inline and the rest linking the one stylesheet, hydrated.
  fifty: { count: 50, styles: (i) => (i === 0 ? 'inline' : 'link'), assetsUrl: '/dist', script: true },
};

async function paintPage(ctx, next) {
  const name = /^\/__ssr\/paint\/([\w-]+)\/$/.exec(ctx.path)?.[1];
  const fixture = name ? PAINT_PAGES[name] : undefined;
  if (!fixture) return next();
  const { renderCaseStudy } = await import(ssrModule);
  const base = `/__ssr/paint/${name}`;
  const elements = Array.from(
    { length: fixture.count },
    (_, i) => renderCaseStudy({ path: `${base}/`, base, assetsUrl: fixture.assetsUrl, styles: fixture.styles(i) }).html,
  ).join('\n');
  if (fixture.csp) {
    const { styleSrc } = JSON.parse(await readFile(join(root, 'dist/integrity.json'), 'utf8'));
    ctx.set('Content-Security-Policy', strictCsp(fixture.csp === 'published' ? styleSrc : WRONG_HASH));
  }
  ctx.type = 'text/html';
  ctx.set('Cache-Control', 'no-store');
  ctx.body =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>First paint</title>' +
    // The listener comes first, so it hears violations and layout shifts from the start.
    '<script src="/test/browser/platform/csp-listener.js"></script>' +
    (fixture.script ? '<script type="module" src="/dist/redcliffe-case-study.js"></script>' : '') +
    `</head><body>${elements}<p id="after">After the element</p></body></html>`;
}
