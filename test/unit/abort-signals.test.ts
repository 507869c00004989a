import { afterEach, describe, expect, it, vi } from 'vitest';
import { anySignal } from '../../src/lib/abort-signals.js';

describe.each([
  ['AbortSignal.any', false],
  ['the fallback without AbortSignal.any', true],
])('anySignal with %s', (_name, withoutNative) => {
  afterEach(() => vi.unstubAllGlobals());
  const setUp = () => {
    if (withoutNative) {
      class NoAny extends AbortSignal {}
      Object.defineProperty(NoAny, 'any', { value: undefined });
      vi.stubGlobal('AbortSignal', NoAny);
    }
  };

  it('aborts when any input aborts, with its reason', () => {
    setUp();
    const a = new AbortController();
    const b = new AbortController();
    const combined = anySignal([a.signal, b.signal]);
    expect(combined.aborted).toBe(false);
    b.abort(new Error('second'));
    expect(combined.aborted).toBe(true);
    expect((combined.reason as Error).message).toBe('second');
  });

  it('is aborted at once when an input already is', () => {
    setUp();
    const a = new AbortController();
    a.abort('gone');
    expect(anySignal([a.signal, new AbortController().signal]).reason).toBe('gone');
  });
});
