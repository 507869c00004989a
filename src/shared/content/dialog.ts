/**
 * Words only the download dialog shows (its form's other words are in content.ts: the labels come
 * with the lead field table, the title also names the form read without JavaScript). A part of the
 * content module in a file of its own, so that only the dialog's lazy chunk carries it.
 */
export const dialogWords = {
  intro: 'Tell us where to send follow-ups and the one-pager downloads right away.',
  submitting: 'Processing...',
  /** Said by the status region when a send takes longer than SLOW_SEND_MS (the retries can take about 7.5 s). */
  stillWorking: 'Still working on it: this can take a few more seconds.',
  started: 'Download started',
  /** After the automatic retries failed: what happened, in plain words (the values stay in the form). */
  error: 'We couldn’t send your details just now. What you typed is still here: try again in a moment.',
  /** Beside the waiting (disabled) button: what is still missing, named by the fields' labels ("work email"). */
  missing: (labels: string[]) => `Add your ${new Intl.ListFormat('en', { type: 'conjunction' }).format(labels)} to get the PDF.`,
  /** In the thank-you when the file was handed over before the lead was sent (after HAND_OVER_MS). */
  sendingLater: 'We’re still sending your details in the background: keep this page open for a moment.',
  /** Then, if the lead finally could not be sent (said in the thank-you, and in the form the next time it opens). */
  leadLost: 'We couldn’t send your details after all. What you typed is still here: send it again in a moment.',
  sendAgain: 'Send my details again',
  /** The submit button's text after a failure. */
  tryAgain: 'Try again',
  /** Before the `contact-url` link, after a failure. */
  orContact: 'Or reach a person:',
  /** With `pdf-on-failure`, before the link to the PDF. */
  pdfAnyway: 'You can also have the case study now:',
  pdfLink: 'Open the one-page PDF',
} as const;
