import { contactDefaultLabel } from '../shared/content.js';
import { safeLinkHref } from './url.js';

/** A link the host gave the element: where it goes and what it says. */
export interface HostLink {
  href: string;
  label: string;
}

/** The `contact-url` link with its `contact-label` (or the default words), or null when absent or unsafe. */
export function contactLink(url: string | null | undefined, label: string | null | undefined): HostLink | null {
  const href = safeLinkHref(url);
  if (!href) return null;
  return { href, label: label?.trim() || contactDefaultLabel };
}
