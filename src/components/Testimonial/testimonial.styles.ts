import { text } from '../../styles/type-scale.js';
// Illustrated with a large quote mark and a double ring round the initials.
// The focus ring on the dark green is white (7.5:1; the default blue gives 1.35:1): --rcs-focus-on-dark.
export const testimonialStyles = `
.testimonial { --rcs-focus: var(--rcs-focus-on-dark, #fff); padding: clamp(2.5em, 6cqi, 4.5em) clamp(1.25em, 5cqi, 4em); border-radius: calc(var(--rcs-radius) * 1.5); background: var(--rcs-brand-deep); color: #fff; }
.quote-box { width: clamp(2.5em, 6cqi, 3.5em); aspect-ratio: 6 / 5; margin-bottom: -1em; }
.testimonial .eyebrow { color: #7ee2a8; } /* brand green lightened to 4.8:1 on --rcs-brand-deep (the brand green gives 3.9) */
.testimonial__figure { margin: 0; display: grid; gap: 2em; }
.testimonial__quote { margin: 0; }
.testimonial__quote p { margin: 0; font-size: clamp(${text.title}, 2.4cqi, 1.75em); line-height: 1.45; letter-spacing: -.01em; text-wrap: pretty; }
.testimonial__person { display: flex; gap: 1em; align-items: center; }
.testimonial__person > span:last-child { display: grid; gap: .15em; justify-items: start; }
.testimonial__avatar { flex: none; width: 3.25em; height: 3.25em; border-radius: 50%; display: grid; place-items: center; background: var(--rcs-brand); color: var(--rcs-ink); font-weight: 700; box-shadow: 0 0 0 .25em var(--rcs-brand-deep), 0 0 0 .4em var(--rcs-brand); }
.testimonial__avatar img { width: 100%; height: 100%; border-radius: 50%; object-fit: cover; }
.testimonial__name { font-weight: 700; }
.testimonial__role { color: rgb(255 255 255 / .75); font-size: ${text.label}; }
.testimonial .link { color: #fff; }
`;
