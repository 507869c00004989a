/**
 * The one parser for every http(s) address the package renders, fetches or is configured with:
 * links, the PDF address, form actions, the assets folder, origins and forward targets, in the
 * element and on the server alike. The platform's URL parser decides what the text means; only
 * `https:` (and `http:` unless `httpsOnly`) is accepted, and never with a user name or password
 * in it (`https://user:pass@host` is how a link hides where it really goes).
 */
export interface HttpUrlOptions {
  /** Resolve a relative address against this one (a page, an endpoint). */
  base?: string | URL;
  /** Accept `https:` only. */
  httpsOnly?: boolean;
}

/** `raw` as an http(s) URL, or null. */
export function httpUrl(raw: string, { base, httpsOnly = false }: HttpUrlOptions = {}): URL | null {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  const scheme = url.protocol === 'https:' || (!httpsOnly && url.protocol === 'http:');
  return scheme && !url.username && !url.password ? url : null;
}

/** Relative addresses are checked as if on this page; the browser resolves them against the real one. */
export const SOME_PAGE = 'https://relative.invalid/';

/**
 * A given web address (a link, an image, a form action): relative, root-relative or an absolute
 * `https:`/`http:` URL, returned as given (the browser resolves it against the page, as fetch does);
 * anything else (`javascript:`, `data:`, a protocol-relative `//host`, blanks inside, empty) gives null.
 */
export function webAddress(raw: string | null | undefined): string | null {
  const value = (raw ?? '').trim();
  if (value === '' || value.startsWith('//') || /[\s\\]/.test(value)) return null;
  return httpUrl(value, { base: SOME_PAGE }) ? value : null;
}
