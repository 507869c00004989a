import { useRef, type ReactNode } from 'react';
import clsx from 'clsx';
import { useFadeIn } from './useFadeIn.js';

interface Props {
  id?: string;
  className?: string;
  labelledBy?: string;
  children: ReactNode;
}

/** A page section that fades in once when it scrolls into view; a scroll target when it has an id. */
export function FadeInSection({ id, className, labelledBy, children }: Props) {
  const ref = useRef<HTMLElement>(null);
  const visible = useFadeIn(ref);
  return (
    <section ref={ref} id={id} tabIndex={id ? -1 : undefined} aria-labelledby={labelledBy} className={clsx('fade', visible && 'fade--in', className)}>
      {children}
    </section>
  );
}
