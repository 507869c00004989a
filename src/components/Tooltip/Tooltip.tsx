import { cloneElement, useEffect, useId, useRef, useState, type ReactElement } from 'react';
import { noteTooltipClosed, TOOLTIP, tooltipOpenDelay } from '../../lib/tooltip-timing.js';

interface Props {
  text: string;
  /** The trigger (one element, e.g. a link): it gets aria-describedby pointing at the tooltip. */
  children: ReactElement<{ 'aria-describedby'?: string }>;
}

/**
 * APG tooltip, WCAG 1.4.13: shows on hover and keyboard focus after 700 ms (at once when another
 * tooltip closed less than 300 ms ago); stays while the pointer is on the trigger or the tooltip
 * itself (hoverable); Escape dismisses it however it was shown (dismissable); hides on leave and
 * blur. The trigger itself carries aria-describedby, so screen readers read the text with it.
 * It opens below the trigger, so it never covers what is above (the person's name and title).
 */
export function Tooltip({ text, children }: Props): ReactElement {
  const id = useId();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const show = () => {
    clearTimeout(timer.current);
    const delay = tooltipOpenDelay(performance.now());
    if (delay === 0) setOpen(true);
    else timer.current = setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen((wasOpen) => {
      if (wasOpen) noteTooltipClosed(performance.now());
      return false;
    });
  };
  const hideSoon = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(hide, TOOLTIP.hideGraceMs);
  };

  useEffect(() => () => clearTimeout(timer.current), []);

  // Escape dismisses it wherever focus is (it may have been shown by hover alone).
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [open]);

  return (
    <span className="tooltip" onPointerEnter={show} onPointerLeave={hideSoon} onFocus={show} onBlur={hide}>
      {cloneElement(children, { 'aria-describedby': id })}
      <span role="tooltip" id={id} className="tooltip__bubble" hidden={!open}>
        {text}
      </span>
    </span>
  );
}
