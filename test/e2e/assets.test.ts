/**
 * `redcliffe-case-study/assets` as built (dist/assets.js): it serves exactly the element's browser
 * files, the stylesheet and the PDF, with the caching their names allow, and nothing else of dist/.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../../demo/ensure-built.mjs';
import { VERSION } from '../../src/version.js';

type Assets = typeof import('../../src/node/assets.js');
let assets: Assets;
let server: http.Server;
let origin: string;

// The brotli and gzip copies beside each file are `serve`'s (scripts/compress-assets.mjs), not the helpers'.
const chunks = () => readdirSync(path.join(paths.dist, 'chunks')).filter((name) => !/\.(br|gz)$/.test(name));

beforeAll(async () => {
  const file = path.join(paths.dist, 'assets.js');
  if (!existsSync(file)) throw new Error('dist/assets.js is missing: run `npm run build` first');
  assets = (await import(pathToFileURL(file).href)) as Assets;
  const middleware = assets.assetsMiddleware();
  server = http.createServer((req, res) => middleware(req, res, () => res.writeHead(418).end('app')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe('redcliffe-case-study/assets', () => {
  it('lists the entry, every chunk and map, the stylesheet, the PDF and its cover, and nothing else', async () => {
    const names = [...(await assets.assetFiles()).keys()].sort();
    const expected = [
      'Leaflet_Case_Study_One_Pager.jpg',
      'Leaflet_Case_Study_One_Pager.pdf',
      ...chunks().map((name) => `chunks/${name}`),
      'redcliffe-case-study.css',
      'redcliffe-case-study.js',
    ].sort();
    expect(names).toEqual(expected);
    expect(chunks().some((name) => /^core-.+\.js$/.test(name))).toBe(true);
  });

  it('serves the files under the versioned prefix, cacheable for good, with their types', async () => {
    expect(assets.ASSETS_PREFIX).toBe(`/assets/redcliffe-case-study/${VERSION}/`);
    const core = chunks().find((name) => /^core-.+\.js$/.test(name))!;
    for (const [name, type] of [
      ['redcliffe-case-study.js', 'text/javascript; charset=utf-8'],
      [`chunks/${core}`, 'text/javascript; charset=utf-8'],
      ['redcliffe-case-study.css', 'text/css; charset=utf-8'],
      ['Leaflet_Case_Study_One_Pager.pdf', 'application/pdf'],
    ] as const) {
      const response = await fetch(`${origin}${assets.ASSETS_PREFIX}${name}`);
      expect(response.status, name).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await response.arrayBuffer()).equals(readFileSync(path.join(paths.dist, name)))).toBe(true);
    }
    const head = await fetch(`${origin}${assets.ASSETS_PREFIX}redcliffe-case-study.css`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('passes every other request on: ssr.js, the server, the types, other paths, other methods', async () => {
    for (const name of ['ssr.js', 'server/index.js', 'types/index.d.ts', 'integrity.json', 'chunks/../ssr.js', 'chunks/', 'assets.js']) {
      const response = await fetch(`${origin}${assets.ASSETS_PREFIX}${name}`);
      expect(response.status, name).toBe(418);
    }
    expect((await fetch(`${origin}/redcliffe-case-study.js`)).status).toBe(418);
    expect((await fetch(`${origin}${assets.ASSETS_PREFIX}redcliffe-case-study.js`, { method: 'POST' })).status).toBe(418);
  });

  it('under an unversioned prefix only the hashed chunks stay immutable (Fetch-API handler)', async () => {
    const handle = assets.createAssetsHandler({ prefix: '/static/rcs' });
    const entry = await handle(new Request('http://x/static/rcs/redcliffe-case-study.js'));
    expect(entry?.status).toBe(200);
    expect(entry?.headers.get('cache-control')).toBe('no-cache');
    const chunk = await handle(new Request(`http://x/static/rcs/chunks/${chunks()[0]}`));
    expect(chunk?.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await handle(new Request('http://x/static/rcs/ssr.js'))).toBeUndefined();
    expect(await handle(new Request('http://x/other/redcliffe-case-study.js'))).toBeUndefined();
    expect(() => assets.createAssetsHandler({ prefix: 'static' })).toThrow(/prefix must be a path/);
  });
});
