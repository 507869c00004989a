/**
 * The public typings of `<redcliffe-case-study>`: importing the package (`import 'redcliffe-case-study'`)
 * adds the element to `HTMLElementTagNameMap` and its events to `HTMLElementEventMap`,
 * `DocumentEventMap` and `WindowEventMap`, so
 * `document.querySelector('redcliffe-case-study')` is typed and an unknown method is a type error.
 * React JSX typing lives apart, in `redcliffe-case-study/react` (see src/react.ts), so that
 * consumers without `@types/react` never see a `react` module augmentation.
 */
import type { AnchorId } from './shared/content.js';
import type { CaseStudyEventMap } from './events.js';

export type { CaseStudyDownloadDetail, CaseStudyErrorDetail, CaseStudyEventMap, CaseStudySubmitDetail } from './events.js';

/** Section ids `scrollToSection()` knows, plus `top`. */
export type CaseStudySectionId = AnchorId | 'top';

/** The `<redcliffe-case-study>` element as the DOM sees it. */
export interface RedcliffeCaseStudyElement extends HTMLElement {
  /** Path the story is mounted at (the `base` attribute). Default `/case-study/redcliffe-labs`. Setting `null` removes the attribute. */
  get base(): string;
  set base(value: string | null | undefined);
  /** Where the download form POSTs (the `endpoint` attribute). Default `/api/download-case-study/`. */
  get endpoint(): string;
  set endpoint(value: string | null | undefined);
  /** Marketing-automation form endpoint sent as `url` in the payload (the `form-url` attribute). Default `''`. */
  get formUrl(): string;
  set formUrl(value: string | null | undefined);
  /** Where a visitor reaches a person (the `contact-url` attribute): a next step after a download and a way forward when sending fails. Default `''` (no link). */
  get contactUrl(): string;
  set contactUrl(value: string | null | undefined);
  /** The text of the contact link (the `contact-label` attribute). Default `''` (the link reads "Talk to our team"). */
  get contactLabel(): string;
  set contactLabel(value: string | null | undefined);
  /** The privacy notice linked in a line under the download form (the `privacy-url` attribute). Default `''` (no line). */
  get privacyUrl(): string;
  set privacyUrl(value: string | null | undefined);
  /** HubSpot account ID (the `hubspot-portal` attribute): with `hubspotForm`, leads go to that HubSpot form instead of `endpoint`. Default `''`. */
  get hubspotPortal(): string;
  set hubspotPortal(value: string | null | undefined);
  /** HubSpot form GUID (the `hubspot-form` attribute). Default `''`. */
  get hubspotForm(): string;
  set hubspotForm(value: string | null | undefined);
  /** The PDF a visitor gets in HubSpot mode, and with `pdfOnFailure` (the `pdf-url` attribute). Default `''` (the packaged one-pager). */
  get pdfUrl(): string;
  set pdfUrl(value: string | null | undefined);
  /** Hand over the PDF link when the lead could not be sent (the boolean `pdf-on-failure` attribute). Default `false`. */
  get pdfOnFailure(): boolean;
  set pdfOnFailure(value: boolean | null | undefined);
  /** The quoted person's name (the `testimonial-name` attribute). Default `''` (the placeholder "Ananya Mehra"). */
  get testimonialName(): string;
  set testimonialName(value: string | null | undefined);
  /** Their title (the `testimonial-title` attribute). Default `''` (the placeholder "Chief Marketing & Customer Officer"). */
  get testimonialTitle(): string;
  set testimonialTitle(value: string | null | undefined);
  /** Their profile's address (the `testimonial-url` attribute). Default `''` (a link to the company's LinkedIn page, labelled so). */
  get testimonialUrl(): string;
  set testimonialUrl(value: string | null | undefined);
  /** A photo of them (the `testimonial-photo` attribute). Default `''` (their initials). */
  get testimonialPhoto(): string;
  set testimonialPhoto(value: string | null | undefined);
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

/** Attributes accepted in HTML and JSX. */
export interface RedcliffeCaseStudyAttributes {
  /** Path the story is mounted at. Default `/case-study/redcliffe-labs`. */
  base?: string;
  /** Where the download form POSTs. Default `/api/download-case-study/`. */
  endpoint?: string;
  /** Marketing-automation form endpoint sent as `url` in the payload. Default empty. */
  'form-url'?: string;
  /** Where a visitor reaches a person: a next step after a download, a way forward when sending fails. Default none. */
  'contact-url'?: string;
  /** The text of the `contact-url` link. Default "Talk to our team". */
  'contact-label'?: string;
  /** The privacy notice linked in a line under the download form. Default none (no line). */
  'privacy-url'?: string;
  /** The PDF a visitor gets in HubSpot mode, and with `pdf-on-failure`. Default the packaged one-pager. */
  'pdf-url'?: string;
  /** Hand over the PDF link when the lead could not be sent (boolean: on when present). */
  'pdf-on-failure'?: boolean | '';
  /** The quoted person's name. Default the placeholder "Ananya Mehra". */
  'testimonial-name'?: string;
  /** The quoted person's title. Default the placeholder "Chief Marketing & Customer Officer". */
  'testimonial-title'?: string;
  /** The quoted person's profile address (https/http or relative). Default none (the company's LinkedIn page, labelled so). */
  'testimonial-url'?: string;
  /** A photo of the quoted person (https/http or relative). Default none (their initials). */
  'testimonial-photo'?: string;
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
