/** URL checks: nothing is rendered as a link or navigated to unless it passed one of these. */

/** An absolute `https:` URL for an outbound link, normalised, or null. */
export function safeExternalUrl(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The PDF address from the server, resolved against the endpoint's own URL.
 * Only `https:` and `http:` are accepted: `javascript:`, `data:`, `blob:`, `file:` and every
 * other scheme give null.
 */
export function resolveDownloadUrl(raw: string, endpointUrl: string): URL | null {
  try {
    const url = new URL(raw, endpointUrl);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}
