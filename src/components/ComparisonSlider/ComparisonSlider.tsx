import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { SLIDER } from '../../lib/constants.js';
import { positionForKey, positionFromPointer, positionText } from '../../lib/slider.js';

/**
 * The point measurements (src/lib/whole-words.ts), a chunk of their own: at the start position every
 * point already clears the handle (the panes' padding), so they are needed only once the slider moves.
 */
const loadWholeWords = (_retryQuery: string) => import('../../lib/whole-words.js');
type WholeWords = ReturnType<Awaited<ReturnType<typeof loadWholeWords>>['watchWholeWords']>;

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

/** One side: its title names its list, so the ✕/✓ marks (hidden from assistive technology) add nothing to hear. */
function Pane({ side, title, points }: Side & { side: 'before' | 'after' }) {
  const titleId = useId();
  return (
    <div className={`compare__pane compare__pane--${side}`}>
      <p className="compare__title" id={titleId}>
        {title}
      </p>
      <ul className="compare__list" aria-labelledby={titleId}>
        {points.map((point) => (
          <li key={point}>
            {/* One grid item for the words (the item is a grid: the mark, then the words); a hyphenated word never breaks ("in-" / "chat"). */}
            <span>
              {point.split(/(\S+-\S+)/).map((part, i) =>
                i % 2 ? (
                  <span key={i} className="compare__word">
                    {part}
                  </span>
                ) : (
                  part
                ),
              )}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** How far (px) a touch must travel before it counts as a horizontal drag or a page scroll. */
const TOUCH_SLOP_PX = 8;

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
  // A touch that has not yet shown its direction: a vertical swipe is the page's (touch-action: pan-y
  // makes the browser scroll and cancel it), only a horizontal drag moves the slider.
  const touch = useRef<{ id: number; x: number; y: number } | null>(null);
  const words = useRef<Promise<WholeWords | void> | null>(null);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    // Once a touch has become a horizontal drag of the slider, its vertical drift must not scroll the
    // page (touch-action: pan-y would let it): a non-passive touchmove listener cancels those moves.
    // Touch events follow the pointer events of the same move, so `dragging` is already set by then.
    const keepPageStill = (event: TouchEvent) => {
      if (dragging.current !== null && event.cancelable) event.preventDefault();
    };
    track.addEventListener('touchmove', keepPageStill, { passive: false });
    return () => {
      track.removeEventListener('touchmove', keepPageStill);
      void words.current?.then((watcher) => watcher?.stop());
    };
  }, []);

  // Until the slider first moves nothing is hidden: at the start position every point already clears
  // the handle (the panes' padding). From then on the watcher follows each move and layout change.
  useEffect(() => {
    const track = trackRef.current;
    const handle = handleRef.current;
    if (!track || !handle || (position === SLIDER.initial && !words.current)) return;
    words.current ??= loadWholeWords('').then(
      (module) => module.watchWholeWords(track, handle),
      () => void (words.current = null), // not loaded: the next move asks again
    );
    void words.current.then((watcher) => watcher?.show(position));
  }, [position]);

  const moveTo = (clientX: number) => {
    const rect = trackRef.current?.getBoundingClientRect();
    if (rect) setPosition(positionFromPointer(clientX, rect.left, rect.width));
  };

  const startDrag = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = event.pointerId;
    try {
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // No active pointer with that id (synthetic or already released): drag without capture.
    }
    handleRef.current?.focus({ preventScroll: true });
    moveTo(event.clientX);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.preventDefault();
    if (event.pointerType === 'touch') {
      touch.current = { id: event.pointerId, x: event.clientX, y: event.clientY };
      return;
    }
    startDrag(event);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const pending = touch.current;
    if (pending?.id === event.pointerId) {
      const dx = Math.abs(event.clientX - pending.x);
      const dy = Math.abs(event.clientY - pending.y);
      if (dx > TOUCH_SLOP_PX && dx > dy) {
        touch.current = null;
        startDrag(event);
      } else if (dy > TOUCH_SLOP_PX) {
        touch.current = null; // the page's scroll
      }
      return;
    }
    if (dragging.current === event.pointerId) moveTo(event.clientX);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (touch.current?.id === event.pointerId) {
      // A tap: the slider jumps there, as a click does.
      touch.current = null;
      handleRef.current?.focus({ preventScroll: true });
      moveTo(event.clientX);
    }
    if (dragging.current === event.pointerId) dragging.current = null;
  };
  const onPointerCancel = (event: PointerEvent<HTMLDivElement>) => {
    if (touch.current?.id === event.pointerId) touch.current = null;
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
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerCancel}
      >
        <Pane side="before" {...before} />
        <Pane side="after" {...after} />
        <div
          ref={handleRef}
          className="compare__handle"
          role="slider"
          tabIndex={0}
          aria-label={label}
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
