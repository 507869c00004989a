import { describe, expect, it } from 'vitest';

describe('server-side rendering', () => {
  it('imports the package entry without a DOM and without throwing', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    const mod = await import('../../src/index.js');
    expect(mod.TAG).toBe('redcliffe-case-study');
  });
});

describe('server-side rendering of the built bundle', () => {
  it('imports dist/redcliffe-case-study.js in Node without touching window or document', async () => {
    const mod = await import('../../dist/redcliffe-case-study.js' as string);
    expect(mod.TAG).toBe('redcliffe-case-study');
  });
});

describe('dist/after-paint.js on a server (a client component module rendered by Next.js, say)', () => {
  it('imports in Node without throwing and loads nothing', async () => {
    expect(typeof (globalThis as { requestAnimationFrame?: unknown }).requestAnimationFrame).toBe('undefined');
    await expect(import('../../dist/after-paint.js' as string)).resolves.toBeDefined();
    expect(typeof (globalThis as { customElements?: unknown }).customElements).toBe('undefined');
  });
});
