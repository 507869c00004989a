/**
 * The thank-you once the PDF download has started: in the dialog, which becomes it, and in the call
 * to action's place once the dialog is closed. A part of the content module (content.ts re-exports
 * it); the two lazy chunks share it, so it is in the first download: keep it short.
 */
export const confirmation = {
  thanks: (firstName: string) => (firstName ? `Thanks, ${firstName}!` : 'Thanks!'),
  downloading: 'Your PDF is downloading.',
  /** Before the direct link: the browser may have blocked or hidden the download. */
  notStarted: 'Nothing happened?',
  link: 'Open the PDF',
} as const;
