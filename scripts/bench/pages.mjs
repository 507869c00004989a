/**
 * The pages the paint bench loads, from the build in `dist` (a fixed map of URL → bytes built at
 * start-up, gzip when accepted, as a CDN serves them):
 *
 * - /plain-story/  the floor: the story as static HTML, the shadow root's markup in the document,
 *                  the built stylesheet linked with `:host` read as a class, no custom element, no script;
 * - /ssr/1/        the story server-rendered by renderCaseStudy, its real loader (the entry module script);
 * - /ssr/50/       fifty server-rendered elements (the first with its styles inline, the rest linking
 *                  the one stylesheet, as docs/ssr.md says);
 * - /element/1/    only the element, rendered on the client: the CMS snippet of docs/cms.md.
 */
import { createServer } from 'node:http';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { cmsSnippet } from '../sri.mjs';

const page = (title, head, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>body{margin:0}</style>${head}</head><body>${body}</body></html>`;

export async function pageRoutes(dist) {
  const routes = new Map();
  const add = (path, type, body) => {
    const buffer = Buffer.from(body);
    routes.set(path, { type, identity: buffer, gzip: gzipSync(buffer, { level: 9 }) });
  };
  add('/dist/redcliffe-case-study.js', 'text/javascript', readFileSync(join(dist, 'redcliffe-case-study.js')));
  for (const file of readdirSync(join(dist, 'chunks')).filter((name) => name.endsWith('.js'))) {
    add(`/dist/chunks/${file}`, 'text/javascript', readFileSync(join(dist, 'chunks', file)));
  }
  const css = readFileSync(join(dist, 'redcliffe-case-study.css'), 'utf8');
  add('/dist/redcliffe-case-study.css', 'text/css', css);

  const { renderCaseStudy } = await import(pathToFileURL(join(dist, 'ssr.js')).href);
  const entry = '<script type="module" src="/dist/redcliffe-case-study.js"></script>';
  const rendered = (prefix, count) =>
    Array.from(
      { length: count },
      (_, i) => renderCaseStudy({ path: `${prefix}/`, base: prefix, assetsUrl: '/dist', styles: i === 0 ? 'inline' : 'link' }).html,
    ).join('\n');
  add('/ssr/1/', 'text/html', page('one server-rendered', entry, rendered('/ssr/1', 1)));
  add('/ssr/50/', 'text/html', page('fifty server-rendered', entry, rendered('/ssr/50', 50)));

  const story = /<template shadowrootmode="open">(.*)<\/template>/s
    .exec(renderCaseStudy({ path: '/plain-story/', base: '/plain-story', assetsUrl: '/dist' }).html)?.[1]
    .replace(/<link rel="stylesheet"[^>]*>/, '');
  if (!story) throw new Error('renderCaseStudy output has no declarative shadow root');
  add('/plain-story.css', 'text/css', css.replace(/:host\(([^()]*(?:\([^()]*\))?[^()]*)\)/g, '.rcs-host$1').replaceAll(':host', '.rcs-host'));
  add('/plain-story/', 'text/html', page('plain story', '<link rel="stylesheet" href="/plain-story.css">', `<div class="rcs-host">${story}</div>`));

  const integrity = JSON.parse(readFileSync(join(dist, 'integrity.json'), 'utf8'));
  const snippetHead = cmsSnippet(integrity.files, '/').replace(/<redcliffe-case-study>[\s\S]*$/, '');
  add('/element/1/', 'text/html', page('only the element', snippetHead, '<redcliffe-case-study base="/element/1"></redcliffe-case-study>'));
  return routes;
}

/** Serves `routes` on 127.0.0.1; resolves to { origin, close }. Pages no-store, assets immutable. */
export function serve(routes) {
  const server = createServer((req, res) => {
    const path = new URL(req.url, 'http://x').pathname;
    const route = routes.get(path);
    if (!route) return void res.writeHead(404).end('not found');
    const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
    const body = gzip ? route.gzip : route.identity;
    res.writeHead(200, {
      'Content-Type': `${route.type}; charset=utf-8`,
      'Content-Length': body.length,
      'Cache-Control': path.startsWith('/dist/') ? 'public, max-age=31536000, immutable' : 'no-store',
      ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
      Vary: 'Accept-Encoding',
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ origin: `http://127.0.0.1:${server.address().port}`, close: () => server.close() })),
  );
}
