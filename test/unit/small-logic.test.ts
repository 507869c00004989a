import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fadeThreshold } from '../../src/lib/fade-in.js';
import { preloadable } from '../../src/lib/preload.js';
import { noteTooltipClosed, tooltipOpenDelay } from '../../src/lib/tooltip-timing.js';
import { safeExternalUrl } from '../../src/lib/url.js';
import { VERSION } from '../../src/version.js';

describe('fade-in thresholds', () => {
  it('uses 0.05 below 768 px wide', () => {
    expect(fadeThreshold(390, 'section')).toBe(0.05);
    expect(fadeThreshold(767, 'card')).toBe(0.05);
  });
  it('uses 0.1 for sections and 0.2 for cards from 768 px', () => {
    expect(fadeThreshold(768, 'section')).toBe(0.1);
    expect(fadeThreshold(1280, 'card')).toBe(0.2);
  });
});

describe('tooltip timing', () => {
  it('waits 700 ms, or opens at once within 300 ms of another tooltip closing', () => {
    expect(tooltipOpenDelay(10_000)).toBe(700);
    noteTooltipClosed(10_000);
    expect(tooltipOpenDelay(10_299)).toBe(0);
    expect(tooltipOpenDelay(10_300)).toBe(700);
  });
});

describe('preloadable', () => {
  it('loads once and then reads synchronously', async () => {
    const load = vi.fn(async () => 'chunk');
    const section = preloadable(load);
    expect(section.current()).toBeUndefined();
    const first = section();
    expect(section()).toBe(first);
    await first;
    expect(section.current()).toBe('chunk');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('retries a failed load by itself (pauses doubling), then rejects; a later call starts over', async () => {
    vi.useFakeTimers();
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce('chunk');
    const section = preloadable(load, { retries: 2, delayMs: 500 });
    const first = section();
    const settled = expect(first).rejects.toThrow('offline');
    await vi.advanceTimersByTimeAsync(499);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(2); // the pause doubled
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(load).toHaveBeenCalledTimes(3);
    await expect(section()).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(4);
    // A URL that failed once stays failed in the browser: every attempt after a failure, the
    // one a later call ("Try again") starts included, asks for a URL never asked for before.
    expect(load.mock.calls.map(([query]) => query)).toEqual(['', '?retry=1', '?retry=2', '?retry=3']);
    vi.useRealTimers();
  });

  it('a load that succeeds on a retry resolves without the caller seeing the failure', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce('chunk');
    const section = preloadable(load, { retries: 2, delayMs: 1 });
    await expect(section()).resolves.toBe('chunk');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('external links', () => {
  afterEach(() => vi.restoreAllMocks());
  it('accepts only absolute https URLs', () => {
    expect(safeExternalUrl('https://www.linkedin.com/in/x')).toBe('https://www.linkedin.com/in/x');
    expect(safeExternalUrl('http://example.com')).toBeNull();
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('/relative')).toBeNull();
  });
});

describe('version', () => {
  it('matches package.json', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    expect(VERSION).toBe(pkg.version);
  });
});
