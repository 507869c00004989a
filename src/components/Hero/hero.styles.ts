import { text } from '../../styles/type-scale.js';
/**
 * The call card floats over the top of the comparison's After side (it never takes a drag).
 * Both columns start at the top (not centred): while a slow device is still parsing the server HTML,
 * a first frame can show the comparison before all of its rows; centred, it would then move up as
 * they arrive (a layout shift), top-aligned it only grows downwards.
 */
export const heroStyles = `
.hero {
  display: grid; gap: 1.25em clamp(2em, 5cqi, 4em); align-items: start;
  padding-block: clamp(2.5em, 7cqi, 5.5em) clamp(2em, 5cqi, 4em);
}
@container (min-width: 900px) { .hero { grid-template-columns: 1.05fr 1fr; } .hero__head { grid-column: 1 / -1; } }
.hero__copy { display: grid; gap: 1.25em; justify-items: start; }
.badge {
  margin: 0; display: inline-flex; align-items: center; gap: .5em; padding: .35em .85em;
  border-radius: 999px; background: var(--rcs-brand-soft); color: var(--rcs-brand-deep);
  font-size: ${text.small}; font-weight: 700; letter-spacing: .06em; text-transform: uppercase;
}
.badge::before { content: ""; width: .5em; height: .5em; border-radius: 50%; background: var(--rcs-brand); }
.hero__title {
  margin: 0; font-size: clamp(1.25em, 5.6cqi, 2.75em); line-height: 1.1; letter-spacing: -.025em;
  font-weight: 700; color: var(--rcs-ink); text-wrap: balance;
}
.hero__visual { position: relative; display: grid; padding-top: 3.75em; }
.hero__actions { display: flex; flex-wrap: wrap; gap: .75em; }
.hero__lede { margin: 0; font-size: clamp(${text.lede}, 1.6cqi, 1.25em); color: var(--rcs-muted); max-width: 36em; }
`;
