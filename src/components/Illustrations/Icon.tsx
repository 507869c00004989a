import { ICON_PATHS, type IconName } from './icon-paths.js';
import { Svg } from './Svg.js';

export type { IconName };

/** The named icon (icon-paths.ts) in a soft badge. */
export function Icon({ name }: { name: IconName }) {
  return (
    <span className="icon-badge">
      <Svg viewBox="0 0 24 24" className="icon">
        <path d={ICON_PATHS[name]} />
      </Svg>
    </span>
  );
}
