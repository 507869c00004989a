/**
 * The theme's colours, defined once: base.styles.ts writes them into the element's custom
 * properties (--rcs-brand, …) and src/pdf/one-pager.ts draws the one-page PDF with them, so the
 * page and the leaflet stay the same colours.
 */
export const colors = {
  /** --rcs-brand: the WhatsApp green accent. */
  brand: '#25d366',
  /** --rcs-brand-dark */
  brandDark: '#128c7e',
  /** --rcs-brand-deep: buttons, figures, dark bands. */
  brandDeep: '#075e54',
  /** --rcs-brand-soft: tinted panels. */
  brandSoft: '#e7f8ee',
  /** --rcs-ink: body text. */
  ink: '#10231f',
  /** --rcs-muted: secondary text. */
  muted: '#4f5d5a',
  /** --rcs-line: borders and rules. */
  line: '#e3e8e6',
  /** --rcs-surface */
  surface: '#f7f9f8',
  /** --rcs-focus: focus rings. */
  focus: '#0a66c2',
  /** Page background and text on brandDeep. */
  white: '#fff',
} as const;
