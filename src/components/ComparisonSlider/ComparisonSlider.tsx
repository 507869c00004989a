import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { SLIDER } from '../../lib/constants.js';
import { positionForKey, positionFromPointer, positionText } from '../../lib/slider.js';

interface Side {
  title: string;
  points: readonly string[];
}

interface Props {
  before: Side;
  after: Side;
  label: string;
  hint: string;
}

function Pane({ side, title, points }: Side & { side: 'before' | 'after' }) {
  return (
    <div className={`compare__pane compare__pane--${side}`}>
      <p className="compare__title">{title}</p>
      <ul className="compare__list">
        {points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Before/after comparison (WAI-ARIA APG slider): the handle is the focusable slider, the whole
 * comparison takes pointer drags (mouse, pen, touch) with pointer capture, clamped to 1..99.
 * The position is a data attribute mapped to a CSS custom property by the shared stylesheet.
 */
export function ComparisonSlider({ before, after, label, hint }: Props) {
  const [position, setPosition] = useState<number>(SLIDER.initial);
  const trackRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<HTMLDivElement>(null);
  const dragging = useRef<number | null>(null);

  const moveTo = (clientX: number) => {
    const rect = trackRef.current?.getBoundingClientRect();
    if (rect) setPosition(positionFromPointer(clientX, rect.left, rect.width));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    dragging.current = event.pointerId;
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // No active pointer with that id (synthetic or already released): drag without capture.
    }
    handleRef.current?.focus({ preventScroll: true });
    moveTo(event.clientX);
    event.preventDefault();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current === event.pointerId) moveTo(event.clientX);
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current === event.pointerId) dragging.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = positionForKey(event.key, position);
    if (next === null) return;
    event.preventDefault();
    setPosition(next);
  };

  return (
    <figure className="compare" part="slider">
      <div
        ref={trackRef}
        className="compare__track"
        data-pos={position}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <Pane side="before" {...before} />
        <Pane side="after" {...after} />
        <div
          ref={handleRef}
          className="compare__handle"
          role="slider"
          tabIndex={0}
          aria-label={label}
          aria-orientation="horizontal"
          aria-valuemin={SLIDER.min}
          aria-valuemax={SLIDER.max}
          aria-valuenow={position}
          aria-valuetext={positionText(position)}
          onKeyDown={onKeyDown}
        >
          <span className="compare__grip" aria-hidden="true" />
        </div>
      </div>
      <figcaption className="compare__hint">{hint}</figcaption>
    </figure>
  );
}
