/**
 * The height each lazy section takes, as steps: from a container width on (em), its height (em).
 * Measured in Chromium with the element's default fonts by `node scripts/reserved-heights.mjs`
 * (re-run it when the sections' copy or styles change: the lazy-section browser tests measure the
 * loaded sections against these and fail when they disagree).
 */
export const RESERVED_HEIGHTS: Record<'cta' | 'jump', ReadonlyArray<readonly [fromEm: number, heightEm: number]>> = {
  cta: [[0, 23.4], [18.06, 21.77], [22.06, 20.15], [22.25, 18.52], [26.68, 16.65], [32.66, 15.02], [48, 15.26], [50.56, 13.38], [56.56, 11.75], [60, 13.38], [63.56, 11.96]],
  jump: [[0, 24.49], [17.38, 23.3], [18.56, 22.11], [21.62, 19.27], [25.99, 16.43], [33.58, 13.58], [42.9, 10.74]],
};
