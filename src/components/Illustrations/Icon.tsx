import { Art } from './Art.js';
import type { IconName } from './icon-paths.js';

export type { IconName };

/** The named icon (icon-paths.ts) in a soft badge, which holds its place until the drawing arrives. */
export function Icon({ name }: { name: IconName }) {
  return (
    <span className="icon-badge">
      <Art name="icon" icon={name} />
    </span>
  );
}
