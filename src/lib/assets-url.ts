import { httpUrl } from '../shared/http-url.js';

/**
 * The folder that serves the bundle, as given to `renderCaseStudy({ assetsUrl })`: an absolute
 * `https:`/`http:` URL or a root-relative path. Returned without its trailing slash, so a file
 * name can follow; anything else (a relative path, `//host`, `javascript:`…) throws, saying what to pass.
 */
export function normalizeAssetsUrl(raw: string): string {
  const value = typeof raw === 'string' ? raw.trim() : '';
  const rootRelative = value.startsWith('/') && !value.startsWith('//') && !value.includes('\\');
  if (!rootRelative && !httpUrl(value)) {
    throw new TypeError(
      `renderCaseStudy: assetsUrl must be the folder serving redcliffe-case-study.js, as an https:/http: URL ` +
        `or a path starting with "/" (e.g. "https://cdn.jsdelivr.net/npm/redcliffe-case-study@0.1.0/dist"); got ${JSON.stringify(raw)}.`,
    );
  }
  return value.replace(/\/+$/, '');
}

/** The request path only: the query and fragment dropped, `/` when empty. */
export function requestPath(path: string): string {
  const bare = String(path ?? '').split(/[?#]/, 1)[0] ?? '';
  return bare.startsWith('/') ? bare : `/${bare}`;
}
