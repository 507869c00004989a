export const lazySectionStyles = `
.placeholder { display: grid; place-items: center; color: var(--rcs-muted); border-radius: var(--rcs-radius); background: var(--rcs-surface); }
.placeholder--cta { min-height: var(--rcs-cta-height); }
.placeholder--scroll-demo { min-height: var(--rcs-jump-height); }
.cta { min-height: var(--rcs-cta-height); }
.jump { min-height: var(--rcs-jump-height); }
`;
