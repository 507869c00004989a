/** src/shared/retry-after.ts: the one reading of `Retry-After`, for the element's sending and the server's delivery. */
import { describe, expect, it } from 'vitest';
import { retryAfterMs } from '../../src/shared/retry-after.js';

describe('retryAfterMs', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it('reads seconds or an HTTP-date, from now', () => {
    expect(retryAfterMs('3', now)).toBe(3_000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('600', now)).toBe(600_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:10 GMT', now)).toBe(10_000);
    expect(retryAfterMs('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
  });

  it('caps at maxMs (the element waits at most 30 s)', () => {
    expect(retryAfterMs('120', now, 30_000)).toBe(30_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 01:00:00 GMT', now, 30_000)).toBe(30_000);
  });

  it('is undefined when absent or unreadable', () => {
    for (const header of [null, undefined, '', '  ', 'soon', '-5', '1.5']) expect(retryAfterMs(header, now)).toBeUndefined();
  });
});
