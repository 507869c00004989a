import { describe, expect, it } from 'vitest';
import { createRateLimiter } from '../../server/rate-limit.js';
import { post, setup, validBody } from './helpers.js';

describe('rate limit', () => {
  it('defaults to a burst of 10 per address, refilling one per second', async () => {
    let time = 0;
    const { handler, store } = setup({ rateLimit: undefined, now: () => time });
    const a = { clientAddress: '198.51.100.1' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await handler(post(validBody()), a)).status);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    const limited = await handler(post(validBody()), a);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
    // Another address is unaffected.
    expect((await handler(post(validBody()), { clientAddress: '198.51.100.2' })).status).toBe(200);
    time += 1000;
    expect((await handler(post(validBody()), a)).status).toBe(200);
    expect((await handler(post(validBody()), a)).status).toBe(429);
    expect(store.leads).toHaveLength(12);
  });

  it('counts every request, valid or not, and rate-limited ones store nothing', async () => {
    const { handler, store } = setup({ rateLimit: { capacity: 1, refillPerSecond: 1 }, now: () => 0 });
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
    const { handler, logger } = setup({ rateLimit: { capacity: 1 } });
    for (let i = 0; i < 3; i++) expect((await handler(post(validBody()))).status).toBe(200);
    expect(logger.lines.filter((line) => line.includes('rate limit skipped'))).toHaveLength(1);
  });

  it('remembers at most maxClients addresses, evicting the least recently seen', () => {
    const limiter = createRateLimiter({ capacity: 1, refillPerSecond: 0.001, maxClients: 2, now: () => 0 });
    expect(limiter.take('a').ok).toBe(true);
    expect(limiter.take('b').ok).toBe(true);
    expect(limiter.take('a').ok).toBe(false); // a is now the most recent
    expect(limiter.take('c').ok).toBe(true); // evicts b
    expect(limiter.take('b').ok).toBe(true); // b forgotten: a fresh bucket; evicts a
    expect(limiter.take('a').ok).toBe(true);
  });

  it('Retry-After is the whole seconds until one token is back', () => {
    const limiter = createRateLimiter({ capacity: 1, refillPerSecond: 0.25, maxClients: 10, now: () => 0 });
    limiter.take('a');
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterSeconds: 4 });
  });
});
