import { Svg } from './Svg.js';

/** The testimonial's large opening quote mark. */
export function QuoteMark() {
  return (
    <Svg viewBox="0 0 48 40" className="quote-mark">
      <path d="M10 40a10 10 0 0 1-10-10c0-14 8-24 20-28l2 4c-7 3-11 9-12 14a10 10 0 0 1 0 20zm26 0a10 10 0 0 1-10-10c0-14 8-24 20-28l2 4c-7 3-11 9-12 14a10 10 0 0 1 0 20z" />
    </Svg>
  );
}
