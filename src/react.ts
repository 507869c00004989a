/**
 * `redcliffe-case-study/react`: the `<RedcliffeCaseStudy>` component for React 18 and 19 apps, the
 * element registered (by importing the main entry, which does nothing during server rendering) and
 * the bare `<redcliffe-case-study>` tag in React's JSX.
 *
 * Built on its own (rollup.config.mjs, `reactConfig`): dist/react.js imports `react` from the host
 * app and `./redcliffe-case-study.js` for the element, so neither React nor the element is copied.
 *
 * Kept out of the main entry on purpose: a `declare module 'react'` augmentation fails to compile
 * (TS2664) for consumers who do not have `@types/react`, so only React users opt in.
 */
import './index.js';
import './react/jsx.js';

export { TAG, VERSION } from './index.js';
export type * from './types.js';
export type { RedcliffeCaseStudyJsxProps } from './react/jsx.js';
export { RedcliffeCaseStudy, type RedcliffeCaseStudyProps } from './react/RedcliffeCaseStudy.js';
