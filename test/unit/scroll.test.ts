import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scrollToSection, type ScrollEnvironment } from '../../src/lib/scroll.js';

type Target = HTMLElement & { top: number };

function fakeEnv(options: { appearsAfter?: number; reduced?: boolean; target?: Target } = {}) {
  const target = options.target ?? ({ top: 1200, isConnected: true } as unknown as Target);
  let lookups = 0;
  const log: string[] = [];
  const env: ScrollEnvironment = {
    find: () => {
      lookups++;
      return options.appearsAfter === undefined || lookups > options.appearsAfter ? target : null;
    },
    scrollToElement: (_el, smooth) => log.push(`element:${smooth ? 'smooth' : 'instant'}`),
    scrollToTop: (smooth) => log.push(`top:${smooth ? 'smooth' : 'instant'}`),
    documentTop: (el) => (el as Target).top,
    reducedMotion: () => options.reduced ?? false,
    focus: () => log.push('focus'),
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
  return { env, log, target, lookups: () => lookups };
}

describe('scrollToSection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('scrolls smoothly to a target that is there and moves focus to it', async () => {
    const { env, log } = fakeEnv();
    const done = scrollToSection('results', env);
    await vi.advanceTimersByTimeAsync(300);
    await expect(done).resolves.toBe('scrolled');
    expect(log).toEqual(['element:smooth', 'focus']);
  });

  it('is instant with reduced motion', async () => {
    const { env, log } = fakeEnv({ reduced: true });
    const done = scrollToSection('results', env);
    await vi.advanceTimersByTimeAsync(300);
    await done;
    expect(log[0]).toBe('element:instant');
  });

  it('retries every 200 ms while a lazy section is not there yet', async () => {
    const { env, log, lookups } = fakeEnv({ appearsAfter: 3 });
    const done = scrollToSection('cta', env);
    await vi.advanceTimersByTimeAsync(399);
    expect(lookups()).toBe(2);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(lookups()).toBe(3);
    await vi.advanceTimersByTimeAsync(200);
    expect(lookups()).toBe(4);
    expect(log).toEqual(['element:smooth', 'focus']);
    await vi.advanceTimersByTimeAsync(300);
    await expect(done).resolves.toBe('scrolled');
  });

  it('gives up after 5 retries (1 s) and scrolls to the top', async () => {
    const { env, log, lookups } = fakeEnv({ appearsAfter: Infinity });
    const done = scrollToSection('missing', env);
    await vi.advanceTimersByTimeAsync(999);
    expect(log).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await expect(done).resolves.toBe('top');
    expect(lookups()).toBe(6);
    expect(log).toEqual(['top:smooth']);
  });

  it('goes straight to the top for "top"', async () => {
    const { env, log, lookups } = fakeEnv();
    await expect(scrollToSection('top', env)).resolves.toBe('top');
    expect(lookups()).toBe(0);
    expect(log).toEqual(['top:smooth']);
  });

  it('corrects the position after 300 ms when the page moved under the target', async () => {
    const { env, log, target } = fakeEnv();
    const done = scrollToSection('results', env);
    target.top = 1400; // a lazy section above finished loading
    await vi.advanceTimersByTimeAsync(299);
    expect(log).toEqual(['element:smooth', 'focus']);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(log).toEqual(['element:smooth', 'focus', 'element:smooth']);
  });

  it('does not scroll again when nothing moved', async () => {
    const { env, log } = fakeEnv();
    const done = scrollToSection('results', env);
    await vi.advanceTimersByTimeAsync(300);
    await done;
    expect(log.filter((entry) => entry.startsWith('element'))).toHaveLength(1);
  });
});
