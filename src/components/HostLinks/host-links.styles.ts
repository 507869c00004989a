import { text } from '../../styles/type-scale.js';
/** The privacy line under a download form: small, muted (6.9:1 on white), the link underlined. */
export const privacyStyles = `
.privacy { grid-column: 1 / -1; margin: 0; font-size: ${text.small}; line-height: 1.45; color: var(--rcs-muted); }
`;
