import { describe, expect, it } from 'vitest';
import { text } from '../../src/styles/type-scale.js';
import { styleSources } from './style-sources.js';

/** Every CSS string the style modules export, by file (print rules are for paper: not counted). */
async function stylesheets(): Promise<Array<[file: string, css: string]>> {
  const files = styleSources().filter((file) => file.endsWith('.styles.ts') && !file.endsWith('print.styles.ts'));
  return Promise.all(
    files.map(async (file): Promise<[string, string]> => {
      const exports = (await import(file)) as Record<string, unknown>;
      return [
        file,
        Object.values(exports)
          .filter((value): value is string => typeof value === 'string')
          .join('\n'),
      ];
    }),
  );
}

describe('the story keeps to one type scale in two weights (each new size × weight is a font lookup in the first layout)', () => {
  it('every font-weight is 400 or 700', async () => {
    const weights = new Set<string>();
    for (const [, css] of await stylesheets()) for (const [, weight] of css.matchAll(/font-weight:\s*([^;}\s]+)/g)) weights.add(weight!);
    expect([...weights].sort()).toEqual(['400', '700']);
  });

  it('every font-size is the body size, a step of the scale, or a fluid size (clamp) that the container grows', async () => {
    const allowed = new Set<string>(['1em', 'medium', ...Object.values(text)]);
    const sheets = await stylesheets();
    expect(sheets.length).toBeGreaterThan(10);
    for (const [file, css] of sheets) {
      for (const [, size] of css.matchAll(/font-size:\s*([^;}]+?)\s*[;}]/g)) {
        if (size!.startsWith('clamp(')) continue;
        // The illustrations' SVG text is in the drawing's own units, scaled with it.
        if (file.endsWith('illustrations.styles.ts') && /^\d+px$/.test(size!)) continue;
        expect(allowed, `${file}: font-size ${size}`).toContain(size);
      }
    }
  });
});
