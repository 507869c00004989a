import type { ReactNode } from 'react';
import { cta } from '../../shared/content/call-to-action.js';
import { useCoverAddress } from './useCoverAddress.js';

/**
 * The one-pager's cover beside the call to action, the offer shown rather than described. Its
 * width and height (the file's, A4's proportions) reserve its box before it loads: no layout shift.
 * Without a cover (useCoverAddress), `fallback` (the call to action's drawing of a one-pager).
 */
export function Cover({ className, fallback = null }: { className: string; fallback?: ReactNode }) {
  const src = useCoverAddress();
  if (!src) return fallback;
  return <img className={className} src={src} width="360" height="509" alt={cta.coverAlt} loading="lazy" decoding="async" />;
}
