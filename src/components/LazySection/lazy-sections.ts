/**
 * The story's lazy sections, in one registry: each a name and the loader of its chunk
 * (`LAZY_SECTIONS`) and, when its placeholder shows (the sections after the first), its reserved
 * heights (`RESERVED_HEIGHTS`, by the same names). Everything else derives from it:
 * - StoryPage renders them after the hero, in this order, each in a LazySection (a placeholder
 *   `placeholder--{name}` until its chunk arrives; TypeScript asks for a new one's props);
 * - the renderer fetches every chunk before hydrating server markup (src/render/renderer.ts);
 * - the server build provides every section at once (src/ssr.tsx; TypeScript asks for a new one);
 * - lazy-section.styles.ts turns the reserved heights into `--rcs-{name}-height`, the min-height of
 *   the placeholder and of the loaded section, whose root element has the class `{name}`.
 *
 * The loaders are written `(_retryQuery) => import('…')`: see preloadable (src/lib/preload.ts).
 */
import type { ComponentProps } from 'react';
import { preloadable } from '../../lib/preload.js';

export const LAZY_SECTIONS = {
  /** The testimonial and the challenge, solution and impact: fetched as the element mounts; the others render once it is there. */
  'below-hero': preloadable((_retryQuery) => import('../StoryPage/BelowHero.js')),
  cta: preloadable((_retryQuery) => import('../CtaSection/CtaSection.js')),
  'jump-nav': preloadable((_retryQuery) => import('../JumpNav/JumpNav.js')),
};

export type LazySectionName = keyof typeof LAZY_SECTIONS;
/** A section's chunk, as its loader resolves it. */
export type LazySectionModule<N extends LazySectionName> = Awaited<ReturnType<(typeof LAZY_SECTIONS)[N]>>;
/** What a section's component takes (StoryPage passes it). */
export type LazySectionProps<N extends LazySectionName> = ComponentProps<LazySectionModule<N>['default']>;

/**
 * A section's height as steps: from a container width on, its height, both in sixteenths of an em
 * (px at the default size; the rules are written in em, so they scale). Measured in Chromium with
 * the element's default fonts by `node scripts/reserved-heights.mjs` (re-run it when a section's
 * copy or styles change: the lazy-section browser tests measure the loaded sections against these
 * and fail when they disagree).
 */
export type ReservedHeights = ReadonlyArray<readonly [from: number, height: number]>;

/** The reserved heights of the sections whose placeholder shows. */
export const RESERVED_HEIGHTS: Partial<Record<LazySectionName, ReservedHeights>> = {
  cta: [
    [0, 507],
    [289, 481],
    [353, 454],
    [356, 428],
    [396, 401],
    [523, 375],
    [768, 239],
    [778, 212],
    [905, 186],
    [960, 212],
    [1017, 211],
  ],
  'jump-nav': [
    [0, 395],
    [281, 376],
    [301, 357],
    [350, 311],
    [421, 265],
    [544, 219],
    [695, 173],
  ],
};
