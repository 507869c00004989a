import type { HostLink } from '../../lib/contact.js';

/** The `contact-url` link, in the words of `contact-label`. */
export function ContactLink({ link }: { link: HostLink }) {
  return (
    <a className="link" href={link.href}>
      {link.label}
    </a>
  );
}
