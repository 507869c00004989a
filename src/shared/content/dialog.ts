/**
 * Words only the download dialog shows (its form's other words are in content.ts: the labels come
 * with the lead field table, the title also names the form read without JavaScript). A part of the
 * content module in a file of its own, so that only the dialog's lazy chunk carries it.
 */
export const dialogWords = {
  intro: 'Tell us where to send follow-ups and the one-pager downloads right away.',
  submitting: 'Processing...',
  started: 'Download started',
  /** After the automatic retries failed: what happened, in plain words (the values stay in the form). */
  error: 'We couldn’t get your PDF: our server didn’t answer in time or had a problem. What you typed is still here.',
  /** The submit button's text after a failure. */
  retry: 'Try again',
  /** Before the `contact-url` link, after a failure. */
  orContact: 'Or reach a person:',
} as const;
