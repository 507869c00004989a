/** URL checks: nothing is rendered as a link or navigated to unless it passed one of these. */
import { httpUrl, SOME_PAGE, webAddress } from '../shared/http-url.js';

/** An absolute `https:` URL for an outbound link, normalised, or null. */
export function safeExternalUrl(raw: string): string | null {
  return httpUrl(raw, { httpsOnly: true })?.href ?? null;
}

/**
 * The PDF address from the server, resolved against the endpoint's own URL.
 * Only `https:` and `http:` are accepted: `javascript:`, `data:`, `blob:`, `file:` and every
 * other scheme give null.
 */
export function resolveDownloadUrl(raw: string, endpointUrl: string): URL | null {
  return httpUrl(raw, { base: endpointUrl });
}

/**
 * A host-given web address (`testimonial-url`, `testimonial-photo`, and the `endpoint` attribute as
 * the action of the form for visitors without JavaScript): relative, root-relative or an absolute
 * `https:`/`http:` URL, returned as given (the browser resolves it against the page, as fetch
 * does); anything else (`javascript:`, `data:`, a protocol-relative `//host`, empty) gives null, and
 * no link, image or form is rendered.
 */
export const safeWebAddress = webAddress;

/**
 * A host-given link (`contact-url`, `privacy-url`) as an `href`: a relative or root-relative path,
 * an absolute `https:`/`http:` URL, or a `mailto:`/`tel:` address, returned as given (the browser
 * resolves it against the page); anything else (`javascript:`, `data:`, empty) gives null and no
 * link is rendered.
 */
export function safeLinkHref(raw: string | null | undefined): string | null {
  const value = (raw ?? '').trim();
  if (value === '' || /[\s\\]/.test(value)) return null;
  return httpUrl(value, { base: SOME_PAGE }) || /^(mailto|tel):/i.test(value) ? value : null;
}
