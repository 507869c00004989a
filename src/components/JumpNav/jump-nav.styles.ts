import { text } from '../../styles/type-scale.js';
export const jumpNavStyles = `
.jump-nav { padding-block: 1em 2em; }
.jump-nav__title { margin: 0 0 1em; font-size: 1em; font-weight: 700; color: var(--rcs-muted); text-transform: uppercase; letter-spacing: .08em; }
.jump-nav__list { margin: 0; padding: 0; list-style: none; display: flex; flex-wrap: wrap; gap: .5em; }
.button--ghost { background: transparent; }
/* Its buttons need JavaScript: read without it, the page shows no navigation that can't work. */
@media (scripting: none) { .jump-nav { display: none; } }
.jump-nav .button--chip { font-size: ${text.label}; line-height: 1.3; }
`;
