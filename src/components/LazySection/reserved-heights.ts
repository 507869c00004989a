/**
 * The height each lazy section takes, as steps: from a container width on, its height — both in
 * sixteenths of an em (px at the default size; the rules are written in em, so they scale).
 * Measured in Chromium with the element's default fonts by `node scripts/reserved-heights.mjs`
 * (re-run it when the sections' copy or styles change: the lazy-section browser tests measure the
 * loaded sections against these and fail when they disagree).
 */
export const RESERVED_HEIGHTS: Record<'cta' | 'jumpNav', ReadonlyArray<readonly [from: number, height: number]>> = {
  cta: [
    [0, 374],
    [289, 348],
    [353, 322],
    [356, 296],
    [427, 266],
    [523, 240],
    [768, 244],
    [809, 214],
    [905, 188],
    [960, 214],
    [1017, 191],
  ],
  jumpNav: [
    [0, 392],
    [278, 373],
    [297, 354],
    [346, 308],
    [416, 263],
    [537, 217],
    [686, 172],
  ],
};
