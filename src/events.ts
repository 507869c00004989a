/** Events the element dispatches (bubbling and composed, so host analytics hear them). */
export interface CaseStudySubmitDetail {
  /** The form endpoint the lead is sent to. Carries no personal data. */
  endpoint: string;
}
export interface CaseStudyDownloadDetail {
  pdfUrl: string;
}
export interface CaseStudyErrorDetail {
  message: string;
}

export interface CaseStudyEventMap {
  'case-study-submit': CustomEvent<CaseStudySubmitDetail>;
  'case-study-download': CustomEvent<CaseStudyDownloadDetail>;
  'case-study-error': CustomEvent<CaseStudyErrorDetail>;
}

export function dispatchCaseStudyEvent<K extends keyof CaseStudyEventMap>(target: EventTarget, type: K, detail: CaseStudyEventMap[K]['detail']): void {
  target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}
