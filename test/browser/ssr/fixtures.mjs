/**
 * Dev-server middleware (web-test-runner.config.mjs) for test/browser/ssr: server-rendered HTML
 * from the built server entry (dist/ssr.js), stylesheet linked from /dist.
 *
 *   GET /__ssr/page   a whole page holding the story mounted at /__ssr/page (no script: a test adds it to hydrate)
 *   GET /__ssr/element?path=…&base=…&privacyUrl=…&contactUrl=…   the element's HTML as renderCaseStudy returns it (text/html)
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';

const ssrModule = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), '../../../dist/ssr.js')).href;

export async function ssrFixtures(ctx, next) {
  if (ctx.path === PAGE_PATH) return page(ctx);
  if (ctx.path !== '/__ssr/element') return next();
  const { renderCaseStudy } = await import(ssrModule);
  const { html, status } = renderCaseStudy({
    path: ctx.query.path ?? '/case-study/redcliffe-labs/',
    base: ctx.query.base || undefined,
    privacyUrl: ctx.query.privacyUrl || undefined,
    contactUrl: ctx.query.contactUrl || undefined,
    assetsUrl: '/dist',
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
