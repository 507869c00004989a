/** The element's files and the PDF under /assets/<version>/: immutable, CORS for module scripts, as the build compressed them. */
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { assetsPath, PDF_FILE } from './snippet.js';

const FILES: [RegExp, compressed: boolean][] = [
  [/^(redcliffe-case-study|chunks\/[\w-]+)\.js$/, true],
  [/^(redcliffe-case-study|chunks\/[\w-]+)\.js\.map$/, false],
  [/^redcliffe-case-study\.css$/, true],
  [new RegExp(`^${PDF_FILE.replace('.', '\\.')}$`), false],
  [new RegExp(`^${PDF_FILE.replace('.pdf', '\\.jpg')}$`), false],
];

/** What a file any page may load carries: CORS for module scripts, CORP for images, its type as sent. */
export const PUBLIC_FILE = { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin', 'X-Content-Type-Options': 'nosniff' };

export function assetRoutes(dist: string, version: string): Hono {
  const prefix = assetsPath(version);
  const missing = { error: 'not_found', message: `No such file in version ${version}.` };
  const app = new Hono();
  app.get(`${prefix}*`, async (c) => {
    let file: string;
    try {
      file = decodeURIComponent(new URL(c.req.url).pathname.slice(prefix.length));
    } catch {
      return c.json({ error: 'bad_request', message: 'The file name is not valid percent-encoding.' }, 400);
    }
    const compressed = FILES.find(([pattern]) => pattern.test(file))?.[1];
    if (compressed === undefined) return c.json(missing, 404);
    const sent = await serveStatic({ root: dist, path: file, precompressed: compressed })(c, async () => {});
    if (!(sent instanceof Response)) return c.json(missing, 404);
    if (compressed) sent.headers.set('Vary', 'Accept-Encoding');
    sent.headers.set('Cache-Control', 'public, max-age=31536000, immutable');
    for (const [header, value] of Object.entries(PUBLIC_FILE)) sent.headers.set(header, value);
    return sent;
  });
  app.get('/assets/*', (c) => c.json({ error: 'not_found', message: `This server has version ${version}: use ${prefix}.` }, 404));
  return app;
}
