import { describe, expect, it } from 'vitest';
import { post, setup, validBody } from './helpers.js';

describe('rate limit (rate-limiter-flexible; shared through SQLite and PostgreSQL in stores.test.ts)', () => {
  it('defaults to 10 requests per 10 s per address', async () => {
    const { handler, store } = setup({ rateLimit: undefined });
    const a = { clientAddress: '198.51.100.1' };
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await handler(post(validBody()), a)).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const limited = await handler(post(validBody()), a);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(9);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(10);
    // Another address is unaffected.
    expect((await handler(post(validBody()), { clientAddress: '198.51.100.2' })).status).toBe(200);
    expect(store.leads).toHaveLength(11);
  });

  it('the window ends: after durationSeconds the address may send again', async () => {
    const { handler } = setup({ rateLimit: { points: 1, durationSeconds: 1 } });
    const a = { clientAddress: '198.51.100.4' };
    expect((await handler(post(validBody()), a)).status).toBe(200);
    expect((await handler(post(validBody()), a)).status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await handler(post(validBody()), a)).status).toBe(200);
  });

  it('counts every request, valid or not, and rate-limited ones store nothing', async () => {
    const { handler, store } = setup({ rateLimit: { points: 1, durationSeconds: 60 } });
    const a = { clientAddress: '198.51.100.3' };
    expect((await handler(post('{'), a)).status).toBe(400);
    expect((await handler(post(validBody()), a)).status).toBe(429);
    expect(store.leads).toHaveLength(0);
  });

  it('rateLimit: false disables it', async () => {
    const { handler } = setup({ rateLimit: false });
    for (let i = 0; i < 30; i++) expect((await handler(post(validBody()), { clientAddress: '1.2.3.4' })).status).toBe(200);
  });

  it('without a client address the limiter is skipped and a warning is logged once', async () => {
    const { handler, logger } = setup({ rateLimit: { points: 1 } });
    for (let i = 0; i < 3; i++) expect((await handler(post(validBody()))).status).toBe(200);
    expect(logger.lines.filter((line) => line.includes('rate limit skipped'))).toHaveLength(1);
  });
});
