import { MOBILE_BREAKPOINT_PX, SCROLL } from '../lib/constants.js';

/**
 * Constants of src/lib/constants.ts written as CSS, so no stylesheet repeats a number: the
 * container condition from the mobile breakpoint on (below it: `max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px`),
 * and the scroll offset.
 */
export const WIDE = `(min-width: ${MOBILE_BREAKPOINT_PX}px)`;
export const HEADER_OFFSET = `${SCROLL.headerOffsetPx}px`;
