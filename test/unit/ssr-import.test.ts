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
