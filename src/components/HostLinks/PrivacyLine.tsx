import { privacy } from '../../shared/content.js';
import { safeLinkHref } from '../../lib/url.js';

/**
 * One line under a download form (the dialog and the form without JavaScript): what the details
 * are used for, and a link to the host's privacy notice. Nothing without a usable `privacy-url`.
 */
export function PrivacyLine({ url, id }: { url?: string; id?: string }) {
  const href = safeLinkHref(url);
  if (!href) return null;
  return (
    <p className="privacy" id={id}>
      {privacy.text}{' '}
      <a className="link" href={href}>
        {privacy.link}
      </a>
    </p>
  );
}
