import { ICON_PATHS, type IconName } from './icon-paths.js';
import { Svg } from './Svg.js';

/** One icon of icon-paths.ts, stroked in currentColor. */
export function IconDrawing({ name }: { name: IconName }) {
  return (
    <Svg viewBox="0 0 24 24" className="icon">
      <path d={ICON_PATHS[name]} />
    </Svg>
  );
}
