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
  /** Text fields' border (3.6:1 on white). */
  fieldBorder: '#7d8a87',
  /** A field to fix: its border, and the message beside it (6.6:1 on white). */
  invalid: '#b3261e',
  problem: '#a1231a',
} as const;

/** --rcs-font-family: the visitor's system UI font first (each family a machine lacks costs a font lookup on first layout). */
export const fontFamily = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
