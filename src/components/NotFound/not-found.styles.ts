import { text } from '../../styles/type-scale.js';
export const notFoundStyles = `
.not-found { min-height: 60vh; display: grid; place-content: center; justify-items: center; gap: 1em; text-align: center; padding: 4em 1em; }
.not-found__code { margin: 0; font-size: clamp(4em, 12vw, 7em); line-height: 1; font-weight: 700; color: var(--rcs-brand-deep); letter-spacing: -.04em; }
.not-found__text { margin: 0; font-size: ${text.title}; color: var(--rcs-muted); }
`;
