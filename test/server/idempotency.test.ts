import { describe, expect, it } from 'vitest';
import { jsonOf, post, setup, validBody } from './helpers.js';

describe('Idempotency-Key (memory store; the same semantics run on SQLite and PostgreSQL in stores.test.ts)', () => {
  it('the same key and body replays the first answer and stores one lead', async () => {
    const { handler, store } = setup();
    const key = crypto.randomUUID();
    const first = await handler(post(validBody(), { 'Idempotency-Key': key }));
    const second = await handler(post(validBody(), { 'Idempotency-Key': key }));
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(await first.text());
    expect(store.leads).toHaveLength(1);
    expect((await handler(post(validBody(), { 'Idempotency-Key': crypto.randomUUID() }))).status).toBe(200);
    expect(store.leads).toHaveLength(2);
  });

  it('the same key with a different body answers 422 idempotency_key_reused and stores nothing new', async () => {
    const { handler, store } = setup();
    const key = crypto.randomUUID();
    expect((await handler(post(validBody(), { 'Idempotency-Key': key }))).status).toBe(200);
    const reused = await handler(post(validBody({ 'Work Email': 'someone.else@example.com' }), { 'Idempotency-Key': key }));
    expect(reused.status).toBe(422);
    expect((await jsonOf(reused)).error).toBe('idempotency_key_reused');
    expect(store.leads).toHaveLength(1);
    expect(store.leads[0]!.email).toBe('ada@example.com');
  });

  it('white space the server trims away is the same body', async () => {
    const { handler, store } = setup();
    const key = crypto.randomUUID();
    await handler(post(validBody(), { 'Idempotency-Key': key }));
    expect((await handler(post(validBody({ 'First Name': '  Ada ' }), { 'Idempotency-Key': key }))).status).toBe(200);
    expect(store.leads).toHaveLength(1);
  });

  it('concurrent requests with the same key join the first: one lead, one answer', async () => {
    const { handler, store } = setup();
    const key = crypto.randomUUID();
    const responses = await Promise.all(Array.from({ length: 20 }, () => handler(post(validBody(), { 'Idempotency-Key': key }))));
    const bodies = await Promise.all(responses.map((response) => response.text()));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(new Set(bodies).size).toBe(1);
    expect(store.leads).toHaveLength(1);
  });

  it('replays for 24 hours, then forgets the key', async () => {
    let time = Date.parse('2026-01-01T00:00:00Z');
    const { handler, store } = setup({ now: () => time });
    const key = crypto.randomUUID();
    await handler(post(validBody(), { 'Idempotency-Key': key }));
    time += 24 * 60 * 60 * 1000 - 1;
    await handler(post(validBody(), { 'Idempotency-Key': key }));
    expect(store.leads).toHaveLength(1);
    time += 2;
    await handler(post(validBody(), { 'Idempotency-Key': key }));
    expect(store.leads).toHaveLength(2);
  });

  it('refuses a replay window under 24 h', () => {
    expect(() => setup({ idempotency: { ttlMs: 60_000 } })).toThrow(/at least 24 h/);
  });

  it('a 400 is not remembered: a corrected resubmission with the same key is stored', async () => {
    const { handler, store } = setup();
    const key = crypto.randomUUID();
    expect((await handler(post(validBody({ 'Work Email': 'nope' }), { 'Idempotency-Key': key }))).status).toBe(400);
    expect((await handler(post(validBody(), { 'Idempotency-Key': key }))).status).toBe(200);
    expect(store.leads).toHaveLength(1);
  });
});
