import { useEffect, useState } from 'react';
import { httpUrl } from '../../shared/http-url.js';
import { printOffer } from '../../shared/content/print-offer.js';

/**
 * On paper only, in the call to action under its heading (CtaSection): the address where the
 * one-page PDF can be had (this page's call to action, where the form is), as text a reader can type. Known in the browser only,
 * so it is set after hydration (the server's HTML has none, and hydrates without a mismatch).
 */
export function PrintOffer() {
  const [address, setAddress] = useState<string | null>(null);
  useEffect(() => {
    const url = httpUrl(location.href);
    if (!url) return;
    url.hash = 'cta';
    setAddress(url.href);
  }, []);
  if (!address) return null;
  return (
    <p className="print-offer">
      {printOffer.lead} <span className="print-offer__address">{address}</span>
    </p>
  );
}
