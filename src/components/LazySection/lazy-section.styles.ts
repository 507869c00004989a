import { RESERVED_HEIGHTS } from './reserved-heights.js';

const property = { cta: '--rcs-cta-height', jumpNav: '--rcs-jump-nav-height' } as const;

/** Container rules setting each section's reserved height below each step, narrowest last (it wins). */
function steps(name: keyof typeof RESERVED_HEIGHTS): string {
  const table = RESERVED_HEIGHTS[name];
  const rules: string[] = [];
  for (let i = table.length - 2; i >= 0; i--) {
    const below = (table[i + 1]![0] - 0.1) / 16;
    rules.push(`@container (max-width: ${below}em) { .page > * { ${property[name]}: ${table[i]![1] / 16}em; } }`);
  }
  return rules.join('\n');
}

/**
 * Height reserved for each lazy section, used by its placeholder and as the loaded section's
 * min-height: exactly as tall as the loaded section at each width (its copy and chips wrap as it
 * narrows), so nothing below moves when the chunk arrives and no empty band is left under it.
 */
export const lazySectionStyles = `
.page { --rcs-cta-height: ${RESERVED_HEIGHTS.cta.at(-1)![1] / 16}em; --rcs-jump-nav-height: ${RESERVED_HEIGHTS.jumpNav.at(-1)![1] / 16}em; }
${steps('cta')}
${steps('jumpNav')}
.placeholder { display: grid; place-content: center; justify-items: center; gap: .75em; color: var(--rcs-muted); border-radius: var(--rcs-radius); background: var(--rcs-surface); }
.placeholder--cta { min-height: var(--rcs-cta-height); }
.placeholder--jump-nav { min-height: var(--rcs-jump-nav-height); }
.cta { min-height: var(--rcs-cta-height); }
.jump-nav { min-height: var(--rcs-jump-nav-height); }
`;
