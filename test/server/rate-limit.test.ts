import { describe, expect, it } from 'vitest';
import { post, setup, validBody } from './helpers.js';
import { clientKey, UNKNOWN_CLIENT } from '../../server/middleware/client.js';
import { memoryLimiter } from '../../server/store/rate-limit.js';

describe('rate limit (rate-limiter-flexible; shared through PostgreSQL in stores.test.ts)', () => {
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

  it('without a client address every request shares one allowance, and a warning is logged once', async () => {
    const { handler, logger } = setup({ rateLimit: { points: 1 } });
    expect((await handler(post(validBody()))).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await handler(post(validBody()))).status).toBe(429);
    expect(logger.lines.filter((line) => line.includes('no clientAddress'))).toHaveLength(1);
  });
});

describe('the rate-limit key', () => {
  it('is an IPv4 address, an IPv6 /64, or one shared key for anything else', () => {
    expect(clientKey('203.0.113.7')).toBe('4:203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('4:203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:db8:1:2:ffff:ffff:ffff:fffe'));
    expect(clientKey('2001:db8:1:2::1')).not.toBe(clientKey('2001:db8:1:3::1'));
    for (const odd of ['', 'localhost', '203.0.113', '0x7f.1', 'not an address', undefined]) expect(clientKey(odd)).toBe(UNKNOWN_CLIENT);
  });

  it('thirty addresses from one IPv6 /64, or spellings of one IPv4 address, share one allowance', async () => {
    const { handler } = setup({ rateLimit: { points: 5, durationSeconds: 60 } });
    const statuses = [];
    for (let i = 0; i < 30; i++) {
      statuses.push((await handler(post(validBody()), { clientAddress: `2001:db8:77:1::${(i + 1).toString(16)}` })).status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    const mapped = [];
    for (const address of ['198.51.100.9', '::ffff:198.51.100.9', '::ffff:c633:6409']) {
      for (let i = 0; i < 4; i++) mapped.push((await handler(post(validBody()), { clientAddress: address })).status);
    }
    expect(mapped.filter((status) => status === 200)).toHaveLength(5);
  });
});

describe('the memory the limits keep (SQLite and memory stores)', () => {
  it('counts at most maxClients clients per window: past it a new client is told to wait, a counted one is not', async () => {
    const limiter = memoryLimiter({ points: 2, durationSeconds: 60 }, 5);
    for (let i = 1; i <= 5; i++) expect(await limiter.consume(`4:198.51.100.${i}`)).toEqual({ ok: true });
    const sixth = await limiter.consume('4:198.51.100.6');
    expect(sixth.ok).toBe(false);
    expect(sixth.ok || sixth.retryAfterSeconds).toBeGreaterThan(0);
    expect(sixth.ok || sixth.retryAfterSeconds).toBeLessThanOrEqual(60);
    // A client already counted keeps its own allowance, no more.
    expect(await limiter.consume('4:198.51.100.1')).toEqual({ ok: true });
    expect((await limiter.consume('4:198.51.100.1')).ok).toBe(false);
  });

  it('takes new clients again when the window ends', async () => {
    const limiter = memoryLimiter({ points: 1, durationSeconds: 1 }, 2);
    for (const client of ['4:192.0.2.1', '4:192.0.2.2']) expect((await limiter.consume(client)).ok).toBe(true);
    expect((await limiter.consume('4:192.0.2.3')).ok).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await limiter.consume('4:192.0.2.3')).ok).toBe(true);
  });
});
