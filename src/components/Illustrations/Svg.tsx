import type { ReactNode } from 'react';
import clsx from 'clsx';

interface Props {
  viewBox: string;
  className?: string;
  children: ReactNode;
}

/**
 * Every illustration's outer `<svg>`: decorative (hidden from assistive technology, never a tab
 * stop), coloured by classes of the shared stylesheet from the theme's custom properties — no
 * style attribute, so it renders under a strict CSP.
 */
export function Svg({ viewBox, className, children }: Props) {
  return (
    <svg className={clsx('art', className)} viewBox={viewBox} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}
