/**
 * `redcliffe-case-study/assets`: serves the files a page with the element needs, straight from the
 * installed package (so they never go stale in a copied `public/` folder after an upgrade), and
 * nothing else of it: the element's entry and its chunks (with their source maps), the stylesheet
 * server-rendered HTML links, the one-page PDF and its cover. `ssr.js`, the server code and the
 * type files stay private.
 *
 * Runs in Node (Express, Astro's and SvelteKit's Node servers, plain `http`): it reads the files
 * beside this module with node:fs.
 */
import { readdir, readFile } from 'node:fs/promises';
import { VERSION } from '../version.js';

export { VERSION };

/** Where the files are served unless told otherwise: the version in the path makes them cacheable for good. */
export const ASSETS_PREFIX = `/assets/redcliffe-case-study/${VERSION}/`;

/** The files every page may ask for, by their name under the prefix; the chunks are listed from the folder. */
const FIXED_FILES = ['redcliffe-case-study.js', 'redcliffe-case-study.css', 'Leaflet_Case_Study_One_Pager.pdf', 'Leaflet_Case_Study_One_Pager.jpg'];
const CHUNK_FILE = /^[\w-]+\.js(\.map)?$/;

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.pdf': 'application/pdf',
  '.jpg': 'image/jpeg',
};
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The package's dist/ folder, where the files are. Resolved by the package's own name, so it is
 * found from node_modules even when a server build (SvelteKit's adapter-node, for one) bundled this
 * module elsewhere; this module's own folder when the name does not resolve.
 */
function distFolder(): URL {
  try {
    return new URL('./', import.meta.resolve('redcliffe-case-study/assets/redcliffe-case-study.js'));
  } catch {
    return new URL('./', import.meta.url);
  }
}
const DIST = distFolder();

let listing: Promise<Map<string, URL>> | undefined;

/**
 * The files served, name under the prefix → file URL: `redcliffe-case-study.js`,
 * `chunks/core-….js`, `redcliffe-case-study.css`, … Read once.
 */
export function assetFiles(): Promise<Map<string, URL>> {
  listing ??= (async () => {
    const files = new Map(FIXED_FILES.map((name) => [name, new URL(name, DIST)]));
    for (const name of await readdir(new URL('chunks/', DIST))) {
      if (CHUNK_FILE.test(name)) files.set(`chunks/${name}`, new URL(`chunks/${name}`, DIST));
    }
    return files;
  })();
  return listing;
}

export interface AssetsOptions {
  /**
   * The URL path the files are served under, ending in `/`; pass the same folder as
   * `renderCaseStudy({ assetsUrl })`. Default {@link ASSETS_PREFIX}, `/assets/redcliffe-case-study/<version>/`.
   */
  prefix?: string;
}

export interface AssetResponse {
  status: 200;
  headers: Record<string, string>;
  body: Uint8Array;
}

/** Cache-Control for one file: the chunks' names carry a hash; the other names are stable only under a versioned prefix. */
function cacheControl(name: string, prefix: string): string {
  return name.startsWith('chunks/') || prefix.includes(`/${VERSION}/`) ? IMMUTABLE : 'no-cache';
}

function normalizePrefix(prefix = ASSETS_PREFIX): string {
  if (!prefix.startsWith('/')) throw new TypeError(`redcliffe-case-study/assets: prefix must be a path starting with "/", got ${JSON.stringify(prefix)}`);
  return prefix.endsWith('/') ? prefix : `${prefix}/`;
}

/** The answer for a GET or HEAD of `pathname`, or `undefined` when the path is not one of the files. */
export async function readAsset(pathname: string, options: AssetsOptions = {}): Promise<AssetResponse | undefined> {
  const prefix = normalizePrefix(options.prefix);
  if (!pathname.startsWith(prefix)) return undefined;
  const name = pathname.slice(prefix.length);
  const file = (await assetFiles()).get(name);
  if (!file) return undefined;
  const body = await readFile(file);
  const extension = name.slice(name.lastIndexOf('.'));
  return {
    status: 200,
    headers: {
      'content-type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
      'content-length': String(body.byteLength),
      'cache-control': cacheControl(name, prefix),
      'x-content-type-options': 'nosniff',
    },
    body,
  };
}

/**
 * For Fetch-API servers (Astro middleware, SvelteKit's `handle` hook, Hono, …): answers a GET or
 * HEAD for one of the files, or resolves `undefined` so the request goes on to the app.
 */
export function createAssetsHandler(options: AssetsOptions = {}): (request: Request) => Promise<Response | undefined> {
  const prefix = normalizePrefix(options.prefix);
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
    const asset = await readAsset(new URL(request.url).pathname, { prefix });
    if (!asset) return undefined;
    // A Node Buffer is a valid body; TypeScript's DOM typings only want ArrayBuffer-backed views.
    return new Response(request.method === 'HEAD' ? null : (asset.body as Uint8Array<ArrayBuffer>), { status: asset.status, headers: asset.headers });
  };
}

/** What the middleware uses of Node's `IncomingMessage` (declared here so the typings need no @types/node). */
export interface AssetsRequest {
  method?: string;
  url?: string;
}
/** What the middleware uses of Node's `ServerResponse`. */
export interface AssetsResponse {
  writeHead(status: number, headers?: Record<string, string>): { end(body?: Uint8Array): unknown };
  end(body?: Uint8Array): unknown;
}

/**
 * For Node servers (Express, Connect, plain `http`): `app.use(assetsMiddleware())`. Calls `next()`
 * for every other request (or answers 404 when there is no `next`).
 */
export function assetsMiddleware(options: AssetsOptions = {}) {
  const prefix = normalizePrefix(options.prefix);
  return (request: AssetsRequest, response: AssetsResponse, next?: (error?: unknown) => void): void => {
    const pass = () => (next ? next() : void response.writeHead(404).end());
    if (request.method !== 'GET' && request.method !== 'HEAD') return pass();
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    readAsset(pathname, { prefix }).then(
      (asset) => {
        if (!asset) return pass();
        response.writeHead(asset.status, asset.headers);
        response.end(request.method === 'HEAD' ? undefined : asset.body);
      },
      (error: unknown) => (next ? next(error) : void response.writeHead(500).end()),
    );
  };
}
