/**
 * The illustrations' colours: every fill and stroke from the theme's custom properties, so a host
 * that sets --rcs-brand (or --rcs-brand-deep, --rcs-brand-soft, --rcs-ink, --rcs-muted) recolours
 * them too.
 */
export const illustrationStyles = `
.art { display: block; overflow: visible; }
.icon { width: 1.5em; height: 1.5em; fill: none; stroke: currentColor; stroke-width: 1.8; stroke-linecap: round; stroke-linejoin: round; }
.hero__visual .call-card { position: absolute; top: 0; right: 0; z-index: 1; pointer-events: none; }
.call-card { width: 15em; max-width: 75%; height: auto; filter: drop-shadow(0 .6em 1em rgb(7 94 84 / .3)); font-family: var(--rcs-font-family); }
.call-card__bubble { fill: #fff; }
.call-card__dot { fill: var(--rcs-brand-deep); }
.call-card__phone { fill: none; stroke: #fff; stroke-width: 1.8; stroke-linejoin: round; }
.call-card__title { font-size: 15px; font-weight: 700; fill: var(--rcs-ink); }
.call-card__caption { font-size: 12px; fill: var(--rcs-muted); }
.call-card__wave { fill: none; stroke: var(--rcs-brand); stroke-width: 4; stroke-linecap: round; }
.quote-mark { width: 100%; height: auto; fill: var(--rcs-brand); }
`;
