/**
 * `redcliffe-case-study/react`: registers the element (same as the main entry) and adds it to
 * React 19's JSX, so `<redcliffe-case-study base="/x" endpoint="/api" form-url="" />` type-checks.
 *
 * Kept out of the main entry on purpose: a `declare module 'react'` augmentation fails to compile
 * (TS2664) for consumers who do not have `@types/react`, so only React users opt in, by importing
 * this entry instead of the main one (or with `import type {} from 'redcliffe-case-study/react'`).
 *
 * Event props follow React 19's custom-element rule: `on` + the exact event name.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { CaseStudyEventMap, RedcliffeCaseStudyAttributes, RedcliffeCaseStudyElement } from './types.js';

export * from './index.js';

/** Props of `<redcliffe-case-study>` in React 19 JSX. */
export type RedcliffeCaseStudyJsxProps = DetailedHTMLProps<
  HTMLAttributes<RedcliffeCaseStudyElement>,
  RedcliffeCaseStudyElement
> &
  RedcliffeCaseStudyAttributes & {
    /** React 19 sets `class` for custom elements from `className`; `class` works too. */
    class?: string;
    'oncase-study-submit'?: (event: CaseStudyEventMap['case-study-submit']) => void;
    'oncase-study-download'?: (event: CaseStudyEventMap['case-study-download']) => void;
    'oncase-study-error'?: (event: CaseStudyEventMap['case-study-error']) => void;
  };

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'redcliffe-case-study': RedcliffeCaseStudyJsxProps;
    }
  }
}
