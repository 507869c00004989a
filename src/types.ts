import type { CaseStudyEventMap } from './events.js';

export type {
  CaseStudyDownloadDetail,
  CaseStudyErrorDetail,
  CaseStudyEventMap,
  CaseStudySubmitDetail,
} from './events.js';

/** The `<redcliffe-case-study>` element as the DOM sees it. */
export interface RedcliffeCaseStudyElement extends HTMLElement {
  /** Path the story is mounted at. Default `/case-study/redcliffe-labs`. */
  base: string;
  /** Where the download form POSTs. Default `/api/download-case-study/`. */
  endpoint: string;
  /** Marketing-automation form endpoint sent as `url` in the payload. Default `''`. */
  formUrl: string;
  /** Scroll to a known section id, or `top`, leaving the 80 px header offset. */
  scrollToSection(id: string): void;
  /** Open the download dialog. */
  openDownload(): void;
  addEventListener<K extends keyof CaseStudyEventMap>(
    type: K,
    listener: (this: RedcliffeCaseStudyElement, event: CaseStudyEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(
    type: string,
    listener: EventListenerOrEventListenerObject,
    options?: boolean | AddEventListenerOptions,
  ): void;
}

/** Attributes accepted in HTML and JSX. */
export interface RedcliffeCaseStudyAttributes {
  base?: string;
  endpoint?: string;
  'form-url'?: string;
}

declare global {
  interface HTMLElementTagNameMap {
    'redcliffe-case-study': RedcliffeCaseStudyElement;
  }
  interface HTMLElementEventMap extends CaseStudyEventMap {}
}
