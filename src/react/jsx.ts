/**
 * The bare `<redcliffe-case-study>` tag in React's JSX, so
 * `<redcliffe-case-study base="/x" endpoint="/api" form-url="" />` type-checks.
 *
 * Event props follow React 19's custom-element rule: `on` + the exact event name. They fire in
 * client-rendered React 19 only (not in React 18, not after server rendering: react/react#35446);
 * `<RedcliffeCaseStudy onCaseStudyDownload>` works everywhere.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { CaseStudyEventMap } from '../events.js';
import type { RedcliffeCaseStudyAttributes, RedcliffeCaseStudyElement } from '../types.js';

/** Props of the bare `<redcliffe-case-study>` tag in React JSX. */
export type RedcliffeCaseStudyJsxProps = DetailedHTMLProps<HTMLAttributes<RedcliffeCaseStudyElement>, RedcliffeCaseStudyElement> &
  RedcliffeCaseStudyAttributes & {
    /** React 19 sets `class` for custom elements from `className`; `class` works too. */
    class?: string;
    'oncase-study-submit'?: (event: CaseStudyEventMap['case-study-submit']) => void;
    'oncase-study-download'?: (event: CaseStudyEventMap['case-study-download']) => void;
    'oncase-study-error'?: (event: CaseStudyEventMap['case-study-error']) => void;
  };

declare module 'react' {
  // React declares JSX as a namespace; augmenting it takes one.
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'redcliffe-case-study': RedcliffeCaseStudyJsxProps;
    }
  }
}
