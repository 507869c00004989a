import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { styleSources } from './style-sources.js';

describe('stylesheet numbers come from src/lib/constants.ts', () => {
  // Runs last: it replaces the constants module for the rest of this file.

  it('no style module repeats the 80 px scroll offset or the 768 px breakpoint as a literal', () => {
    const files = styleSources();
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      expect(code, file).not.toMatch(/\b80px\b/);
      expect(code, file).not.toMatch(/\b768(?:px)?\b/);
      expect(code, file).not.toMatch(/767\.98/);
    }
  });

  it('with the real constants, the scroll margin is SCROLL.headerOffsetPx and wide layouts start at MOBILE_BREAKPOINT_PX', async () => {
    const { MOBILE_BREAKPOINT_PX, SCROLL } = await import('../../src/lib/constants.js');
    const { css: initial } = await import('../../src/styles/sheet.js');
    // The call to action's and the below-hero sections' styles join the sheet with their lazy chunks.
    const { ctaSectionStyles } = await import('../../src/components/CtaSection/cta-section.styles.js');
    const { belowHeroStyles } = await import('../../src/components/StoryPage/below-hero.styles.js');
    const css = initial + ctaSectionStyles + belowHeroStyles;
    expect(css).toContain(`scroll-margin-top: ${SCROLL.headerOffsetPx}px`);
    // The call to action, its form without JavaScript, the story grid and the impact cards switch to their wide layout there.
    expect(css.split(`@container (min-width: ${MOBILE_BREAKPOINT_PX}px)`).length - 1).toBe(4);
  });

  it('the sheet follows the constants when they change', async () => {
    const actual = await vi.importActual<typeof import('../../src/lib/constants.js')>('../../src/lib/constants.js');
    vi.resetModules();
    vi.doMock('../../src/lib/constants.js', () => ({
      ...actual,
      MOBILE_BREAKPOINT_PX: 800,
      SCROLL: { ...actual.SCROLL, headerOffsetPx: 96 },
    }));
    const { css: initial } = await import('../../src/styles/sheet.js');
    const { ctaSectionStyles } = await import('../../src/components/CtaSection/cta-section.styles.js');
    const { belowHeroStyles } = await import('../../src/components/StoryPage/below-hero.styles.js');
    const css = initial + ctaSectionStyles + belowHeroStyles;
    expect(css).toContain('scroll-margin-top: 96px');
    expect(css.split('@container (min-width: 800px)').length - 1).toBe(4);
    expect(css).not.toMatch(/scroll-margin-top: 80px|\b768px/);
  });
});
