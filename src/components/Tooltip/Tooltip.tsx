import { useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from 'react';
import { noteTooltipClosed, tooltipOpenDelay } from '../../lib/tooltip-timing.js';

interface Props {
  text: string;
  /** The trigger: receives aria-describedby and the show/hide handlers through a wrapper. */
  children: ReactNode;
}

/**
 * APG tooltip: shows on hover and keyboard focus after 700 ms (at once when another tooltip
 * closed less than 300 ms ago), hides on leave, blur and Escape. Describes its trigger.
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

  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <span
      className="tooltip"
      aria-describedby={id}
      onPointerEnter={show}
      onPointerLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          hide();
        }
      }}
    >
      {children}
      <span role="tooltip" id={id} className="tooltip__bubble" hidden={!open}>
        {text}
      </span>
    </span>
  );
}
