/**
 * The element's words of the call to action and of what replaces it once the download has started. A part of the
 * content module (content.ts re-exports it) kept in a file of its own so that only the call to
 * action's lazy chunk carries it.
 */

/** The element's words of the call to action, around the story's (`titles.cta`, `cta`). */
export const cta = {
  /** The label of a field people never see (only form-filling scripts do): leave it empty. */
  trapLabel: 'Leave this field empty',
  /** Shown instead of the button where JavaScript does not run (server-rendered HTML read without it): the plain form below it sends the lead, and the PDF opens. */
  noScript: 'Enter your details and send them: the one-page PDF opens right after.',
  /** Shown instead when the element has no endpoint a form can post to. */
  noScriptNoForm: 'The download form needs JavaScript, which is turned off in this browser. Turn JavaScript on and reload this page to get the one-page PDF.',
  /** On the page the server answers a plain form with (a field to fix, or try later): back to where the form was. */
  backToPage: 'Back to the case study',
  /** The plain form's button. */
  noScriptSubmit: 'Send and open the PDF',
  /** The one-pager's cover (page 1 of the PDF) beside the call to action: what it shows. */
  coverAlt: 'Page 1 of the one-page case study (PDF)',
} as const;
