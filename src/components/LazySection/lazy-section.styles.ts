/**
 * Height reserved for each lazy section, used by its placeholder and as the loaded section's
 * min-height: as tall as the loaded section at each width (its copy and chips wrap as it narrows),
 * so nothing below moves when the chunk arrives.
 */
export const lazySectionStyles = `
.page { --rcs-cta-height: 14.5em; --rcs-jump-height: 11.75em; }
@container (max-width: 1023.98px) { .placeholder, .cta, .jump { --rcs-cta-height: 17em; --rcs-jump-height: 15em; } }
@container (max-width: 767.98px) { .placeholder, .cta, .jump { --rcs-cta-height: 17.75em; --rcs-jump-height: 18.25em; } }
@container (max-width: 499.98px) { .placeholder, .cta, .jump { --rcs-cta-height: 23em; --rcs-jump-height: 21.5em; } }
.placeholder { display: grid; place-content: center; justify-items: center; gap: .75em; color: var(--rcs-muted); border-radius: var(--rcs-radius); background: var(--rcs-surface); }
.placeholder--cta { min-height: var(--rcs-cta-height); }
.placeholder--scroll-demo { min-height: var(--rcs-jump-height); }
.cta { min-height: var(--rcs-cta-height); }
.jump { min-height: var(--rcs-jump-height); }
`;
