/**
 * The public typings of `<redcliffe-case-study>`: importing the package (`import 'redcliffe-case-study'`)
 * adds the element to `HTMLElementTagNameMap` and its events to `HTMLElementEventMap`,
 * `DocumentEventMap` and `WindowEventMap`, so
 * `document.querySelector('redcliffe-case-study')` is typed and an unknown method is a type error.
 * React JSX typing lives apart, in `redcliffe-case-study/react` (see src/react.ts), so that
 * consumers without `@types/react` never see a `react` module augmentation.
 */
import type { AnchorId } from './shared/content.js';
import type { Story } from './shared/story/story.generated.js';
import type { CaseStudyEventMap } from './events.js';
import type { RedcliffeCaseStudyProperties } from './attributes.generated.js';

export type { RedcliffeCaseStudyAttributes, RedcliffeCaseStudyProperties } from './attributes.generated.js';

/** A customer story, as `redcliffe-case-study/story.schema.json` describes it (generated from that schema). */
export type { Story } from './shared/story/story.generated.js';

export type { CaseStudyDownloadDetail, CaseStudyErrorDetail, CaseStudyEventMap, CaseStudySubmitDetail } from './events.js';

/** Section ids `scrollToSection()` knows, plus `top`. */
export type CaseStudySectionId = AnchorId | 'top';

/**
 * The `<redcliffe-case-study>` element as the DOM sees it: the properties of its attributes
 * (generated from custom-elements.json, src/attributes.generated.ts), its methods and its events.
 */
export interface RedcliffeCaseStudyElement extends HTMLElement, RedcliffeCaseStudyProperties {
  /** The story shown, as an object (checked like a story file): instead of `src`'s. Undefined: `src`'s, or the default story. */
  story: Story | undefined;
  /** Scroll to a known section id, or `top`, leaving the 80 px header offset. */
  scrollToSection(id: CaseStudySectionId): void;
  /** Open the download dialog. */
  openDownload(): void;

  addEventListener<K extends keyof CaseStudyElementEventMap>(
    type: K,
    listener: (this: RedcliffeCaseStudyElement, event: CaseStudyElementEventMap[K]) => unknown,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof CaseStudyElementEventMap>(
    type: K,
    listener: (this: RedcliffeCaseStudyElement, event: CaseStudyElementEventMap[K]) => unknown,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject, options?: boolean | EventListenerOptions): void;
}

/** Every event the element can fire: the DOM's own plus the three case-study events. */
export interface CaseStudyElementEventMap extends HTMLElementEventMap, CaseStudyEventMap {}

/** The element's constructor, as `customElements.get('redcliffe-case-study')` returns it. */
export interface RedcliffeCaseStudyElementConstructor {
  new (): RedcliffeCaseStudyElement;
  readonly prototype: RedcliffeCaseStudyElement;
  /** Version of the copy that registered the element. */
  readonly version: string;
}

declare global {
  interface HTMLElementTagNameMap {
    'redcliffe-case-study': RedcliffeCaseStudyElement;
  }
  // The events bubble and are composed, so any ancestor element, the document and the window
  // hear them: `document.addEventListener('case-study-download', (e) => e.detail.pdfUrl)`.
  // Declaration merging into the DOM's own maps: the interfaces are empty on purpose.
  /* eslint-disable @typescript-eslint/no-empty-object-type */
  interface HTMLElementEventMap extends CaseStudyEventMap {}
  interface DocumentEventMap extends CaseStudyEventMap {}
  interface WindowEventMap extends CaseStudyEventMap {}
  /* eslint-enable @typescript-eslint/no-empty-object-type */
}
