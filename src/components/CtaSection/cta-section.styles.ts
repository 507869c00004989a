export const ctaSectionStyles = `
.cta {
  display: grid; gap: 1.5em; align-items: center; padding: clamp(2em, 5cqi, 3.5em);
  border-radius: calc(var(--rcs-radius) * 1.5);
  background: radial-gradient(120% 140% at 100% 0%, var(--rcs-brand-soft) 0%, #fff 60%); border: 1px solid var(--rcs-line);
}
@container (min-width: 768px) { .cta { grid-template-columns: 1fr auto; } }
.cta__copy { display: grid; gap: .5em; }
.cta .button { white-space: nowrap; }
@container (max-width: 420px) { .cta .button { white-space: normal; width: 100%; } }
.cta__title { margin: 0; font-size: clamp(1.5em, 3cqi, 2.1em); letter-spacing: -.02em; color: var(--rcs-ink); }
.cta__copy p { margin: 0; color: var(--rcs-muted); font-size: 1.05em; max-width: 36em; }
/* Server-rendered HTML read without JavaScript: say what to do instead of showing a button that can't work. */
.cta__no-script { display: none; }
@media (scripting: none) {
  .cta__copy .cta__no-script { display: block; color: var(--rcs-ink); font-weight: 600; }
  .cta .button { display: none; }
}
`;
