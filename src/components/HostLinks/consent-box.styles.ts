import { text } from '../../styles/type-scale.js';
/**
 * The optional consent box above the privacy line, a 24 px target with its words: in the dialog's
 * chunk and in the server's stylesheet (for the form without JavaScript), never in the first download.
 */
export const consentStyles = `
.consent { grid-column: 1 / -1; display: flex; gap: .6em; align-items: flex-start; font-size: ${text.small}; line-height: 1.45; cursor: pointer; }
.consent input { flex: none; width: 1.5em; height: 1.5em; margin: 0; accent-color: var(--rcs-brand-deep); cursor: pointer; }
`;
