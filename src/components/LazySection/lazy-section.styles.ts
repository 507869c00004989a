import { RESERVED_HEIGHTS, type ReservedHeights } from './lazy-sections.js';

/**
 * A section's reserved heights (lazy-sections.ts) as rules: `--rcs-{name}-height` at each step
 * (container rules below each step, narrowest last: it wins), the min-height of its placeholder and
 * of the loaded section (its root has the class `{name}`).
 */
function reservedHeightRules(name: string, heights: ReservedHeights): string {
  const property = `--rcs-${name}-height`;
  const height = (step: number) => `${property}:${heights[step]![1] / 16}em`;
  let rules = `.page{${height(heights.length - 1)}}.placeholder--${name},.${name}{min-height:var(${property})}`;
  for (let step = heights.length - 2; step >= 0; step--) rules += `@container (max-width:${(heights[step + 1]![0] - 0.1) / 16}em){.page>*{${height(step)}}}`;
  return rules;
}

/**
 * Height reserved for each lazy section, used by its placeholder and as the loaded section's
 * min-height: exactly as tall as the loaded section at each width (its copy and chips wrap as it
 * narrows), so nothing below moves when the chunk arrives and no empty band is left under it.
 */
export const lazySectionStyles = `
.placeholder { display: grid; place-content: center; justify-items: center; gap: .75em; color: var(--rcs-muted); border-radius: var(--rcs-radius); background: var(--rcs-surface); }
${Object.entries(RESERVED_HEIGHTS)
  .map(([name, heights]) => reservedHeightRules(name, heights))
  .join('')}
`;
