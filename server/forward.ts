/** The SSRF guard (allowlist) and the forward of a stored lead to a form endpoint. */

/**
 * Returns a test for "may the handler POST to this URL?". Allowed means: the URL
 * parses, is `https:`, has no user:password, and its normalised `href` equals one
 * allowlist entry exactly (host, port, path and query string; a fragment is
 * dropped before comparing). Nothing is resolved or fetched here, so private and
 * link-local addresses are refused simply because they are not on the list.
 * Throws at start-up if an entry is not an absolute `https:` URL.
 */
export function createAllowlist(entries: readonly string[]): (url: string) => boolean {
  const allowed = new Set(
    entries.map((entry) => {
      const url = parseHttps(entry);
      if (!url) throw new TypeError(`forwardAllowlist entry is not an absolute https: URL: ${entry}`);
      return url.href;
    }),
  );
  return (candidate) => {
    const url = parseHttps(candidate);
    return url !== undefined && allowed.has(url.href);
  };
}

function parseHttps(text: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return undefined;
  url.hash = '';
  return url;
}

export type ForwardResult = { forwarded: true } | { forwarded: false; reason: string };

/**
 * POSTs `data` as JSON to an allowlisted `url`. Redirects are not followed: a
 * 3xx, like any non-2xx, a network error or the timeout, is a failed forward.
 * Never throws.
 */
export async function forwardLead(
  url: string,
  data: unknown,
  options: { fetch: typeof fetch; timeoutMs: number },
): Promise<ForwardResult> {
  try {
    const response = await options.fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(data),
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    void response.body?.cancel().catch(() => {});
    // redirect: 'manual' gives status 0 (opaque redirect) in browsers, 3xx elsewhere.
    if (response.status >= 200 && response.status < 300) return { forwarded: true };
    return { forwarded: false, reason: `status ${response.status}` };
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    return { forwarded: false, reason: name === 'TimeoutError' ? 'timeout' : name };
  }
}
