/** Words of the jump navigation (JumpNav). A part of the content module, re-exported by content.ts; its own file so only JumpNav's lazy chunk carries it. */
export const jumpNav = {
  title: 'Jump to a section',
  backToTop: 'Back to top',
} as const;
