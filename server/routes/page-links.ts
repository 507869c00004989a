/**
 * What the no-JS form's answer pages link to, from its hidden fields, checked: an address is http(s), resolved against
 * the form's page (a host's `privacy-url` is often relative), or mailto:; a text is capped; every value escaped where written.
 */
import { httpUrl } from '../../src/shared/http-url.js';
import { PAGE_LINK_FIELDS } from '../../src/shared/form-page-links.js';
import { MAX_FIELD_LENGTH } from '../../src/shared/lead-fields.js';

export interface PageLinks {
  privacyUrl?: string;
  /** The next step after the PDF: its address, its words, and the story's line before it. */
  next?: { url: string; label: string; text: string };
}

const MAX_TEXT = 300;

function address(raw: string | null, page: string): string | undefined {
  const value = (raw ?? '').trim();
  if (!value || value.length > MAX_FIELD_LENGTH || /\s/.test(value)) return undefined;
  if (/^mailto:[^@\s]+@[^@\s]+$/i.test(value)) return value;
  return httpUrl(value, page ? { base: page } : undefined)?.href;
}

const line = (raw: string | null) => (raw ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT);

export function readPageLinks(params: URLSearchParams, page: string): PageLinks {
  const links: PageLinks = {};
  const privacyUrl = address(params.get(PAGE_LINK_FIELDS.privacyUrl), page);
  if (privacyUrl) links.privacyUrl = privacyUrl;
  const url = address(params.get(PAGE_LINK_FIELDS.nextUrl), page);
  const label = line(params.get(PAGE_LINK_FIELDS.nextLabel));
  if (url && label) links.next = { url, label, text: line(params.get(PAGE_LINK_FIELDS.nextText)) };
  return links;
}
