/**
 * `<RedcliffeCaseStudy>`: the element as a React component, rendered by the host app's own React
 * (18 or 19, client or server). Attributes are rendered as attributes, so the server HTML already
 * carries them; the three events are attached with `addEventListener` in an effect, so they work
 * in React 18 (which ignores event props on custom elements) and after hydration in React 19
 * (react/react#35446). Modelled on `@lit/react`'s `createComponent`, written out for one element.
 */
import { createElement, forwardRef, useCallback, useEffect, useRef, type ForwardedRef, type HTMLAttributes, type ReactNode, type RefObject } from 'react';
import type { CaseStudyEventMap } from '../events.js';
import type { RedcliffeCaseStudyElement } from '../types.js';

type Listener<K extends keyof CaseStudyEventMap> = (event: CaseStudyEventMap[K]) => void;

/** Props of `<RedcliffeCaseStudy>`. Other HTML attributes (`className`, `id`, `style`, `hidden`, `data-*`, `aria-*`) pass through to the element. */
export interface RedcliffeCaseStudyProps extends HTMLAttributes<RedcliffeCaseStudyElement> {
  /** Path the story is mounted at (the `base` attribute). Without it the story shows at any URL except below `/case-study/redcliffe-labs`. */
  base?: string;
  /** Where the download form POSTs (the `endpoint` attribute). Default `/api/download-case-study/`. */
  endpoint?: string;
  /** Marketing-automation form endpoint sent as `url` in the payload (the `form-url` attribute). Default `''`. */
  formUrl?: string;
  /** Where a visitor reaches a person (the `contact-url` attribute). Default none. */
  contactUrl?: string;
  /** The text of the contact link (the `contact-label` attribute). Default "Talk to our team". */
  contactLabel?: string;
  /** The privacy notice linked under the download form (the `privacy-url` attribute). Default none. */
  privacyUrl?: string;
  /** HubSpot account ID (the `hubspot-portal` attribute); with `hubspotForm`, leads go to HubSpot. */
  hubspotPortal?: string;
  /** HubSpot form GUID (the `hubspot-form` attribute). */
  hubspotForm?: string;
  /** The PDF a visitor gets in HubSpot mode, and with `pdfOnFailure` (the `pdf-url` attribute). */
  pdfUrl?: string;
  /** When the lead could not be sent, the failure message links the PDF too (the boolean `pdf-on-failure` attribute). Default off. */
  pdfOnFailure?: boolean;
  /** The quoted person's name (`testimonial-name`). Default the placeholder "Ananya Mehra". */
  testimonialName?: string;
  /** Their title (`testimonial-title`). Default the placeholder "Chief Marketing & Customer Officer". */
  testimonialTitle?: string;
  /** Their profile's address (`testimonial-url`). Default none: the link goes to the company's LinkedIn page, labelled so. */
  testimonialUrl?: string;
  /** A photo of them (`testimonial-photo`). Default none: their initials. */
  testimonialPhoto?: string;
  /** `case-study-submit`: a valid form is being sent (`event.detail.endpoint`). */
  onCaseStudySubmit?: Listener<'case-study-submit'>;
  /** `case-study-download`: the PDF was saved or opened (`event.detail.pdfUrl`). */
  onCaseStudyDownload?: Listener<'case-study-download'>;
  /** `case-study-error`: the submission or the download failed (`event.detail.message`). */
  onCaseStudyError?: Listener<'case-study-error'>;
  /** Fallback content, shown until the element upgrades (for example a link to the PDF). */
  children?: ReactNode;
}

/** Adds `listener` for `type` on the element while both exist; swaps it when the prop changes. */
function useCaseStudyEvent<K extends keyof CaseStudyEventMap>(
  element: RefObject<RedcliffeCaseStudyElement | null>,
  type: K,
  listener: Listener<K> | undefined,
): void {
  useEffect(() => {
    const node = element.current;
    if (!node || !listener) return undefined;
    node.addEventListener(type, listener);
    return () => node.removeEventListener(type, listener);
  }, [element, type, listener]);
}

function setRef<T>(ref: ForwardedRef<T>, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * `<redcliffe-case-study>` for React 18 and 19. `ref` reaches the element
 * (`ref.current.openDownload()`, `ref.current.scrollToSection('cta')`).
 */
export const RedcliffeCaseStudy = forwardRef<RedcliffeCaseStudyElement, RedcliffeCaseStudyProps>(function RedcliffeCaseStudy(
  {
    base,
    endpoint,
    formUrl,
    contactUrl,
    contactLabel,
    privacyUrl,
    hubspotPortal,
    hubspotForm,
    pdfUrl,
    pdfOnFailure,
    testimonialName,
    testimonialTitle,
    testimonialUrl,
    testimonialPhoto,
    onCaseStudySubmit,
    onCaseStudyDownload,
    onCaseStudyError,
    className,
    children,
    ...rest
  },
  ref,
) {
  const element = useRef<RedcliffeCaseStudyElement | null>(null);
  const setElement = useCallback(
    (node: RedcliffeCaseStudyElement | null) => {
      element.current = node;
      setRef(ref, node);
    },
    [ref],
  );

  useCaseStudyEvent(element, 'case-study-submit', onCaseStudySubmit);
  useCaseStudyEvent(element, 'case-study-download', onCaseStudyDownload);
  useCaseStudyEvent(element, 'case-study-error', onCaseStudyError);

  // Only the attributes given: an absent one keeps the element's default. Rendered as attributes
  // (strings), which React 18, React 19 and both servers all write the same way. `className`
  // goes out as `class`: React 18 would write a `classname` attribute on a custom element.
  const attributes: Record<string, string> = {};
  if (className !== undefined) attributes.class = className;
  if (base !== undefined) attributes.base = base;
  if (endpoint !== undefined) attributes.endpoint = endpoint;
  if (formUrl !== undefined) attributes['form-url'] = formUrl;
  if (contactUrl !== undefined) attributes['contact-url'] = contactUrl;
  if (contactLabel !== undefined) attributes['contact-label'] = contactLabel;
  if (privacyUrl !== undefined) attributes['privacy-url'] = privacyUrl;
  if (hubspotPortal !== undefined) attributes['hubspot-portal'] = hubspotPortal;
  if (hubspotForm !== undefined) attributes['hubspot-form'] = hubspotForm;
  if (pdfUrl !== undefined) attributes['pdf-url'] = pdfUrl;
  if (pdfOnFailure) attributes['pdf-on-failure'] = '';
  if (testimonialName !== undefined) attributes['testimonial-name'] = testimonialName;
  if (testimonialTitle !== undefined) attributes['testimonial-title'] = testimonialTitle;
  if (testimonialUrl !== undefined) attributes['testimonial-url'] = testimonialUrl;
  if (testimonialPhoto !== undefined) attributes['testimonial-photo'] = testimonialPhoto;

  return createElement('redcliffe-case-study', { ...rest, ...attributes, ref: setElement }, children);
});
RedcliffeCaseStudy.displayName = 'RedcliffeCaseStudy';
