import { describe, expect, it } from 'vitest';
import type { StoredLead } from '../../server/index.js';
import { post, setup, validBody } from './helpers.js';

describe('Idempotency-Key', () => {
  it('the same key replays the first answer and stores one lead', async () => {
    const { handler, store } = setup();
    const key = crypto.randomUUID();
    const first = await handler(post(validBody(), { 'Idempotency-Key': key }));
    const second = await handler(post(validBody(), { 'Idempotency-Key': key }));
    expect(second.status).toBe(first.status);
    expect(await second.text()).toBe(await first.text());
    expect(store.leads).toHaveLength(1);
    expect((await handler(post(validBody(), { 'Idempotency-Key': crypto.randomUUID() }))).status).toBe(200);
    expect(store.leads).toHaveLength(2);
  });

  it('concurrent requests with the same key store one lead', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const leads: StoredLead[] = [];
    const { handler } = setup({
      store: {
        async append(lead) {
          await gate;
          leads.push(lead);
        },
      },
    });
    const key = crypto.randomUUID();
    const answers = Array.from({ length: 20 }, () => handler(post(validBody(), { 'Idempotency-Key': key })));
    release();
    const responses = await Promise.all(answers);
    const bodies = await Promise.all(responses.map((response) => response.text()));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    expect(new Set(bodies).size).toBe(1);
    expect(leads).toHaveLength(1);
  });

  it('forgets a key after 24 hours', async () => {
    let time = Date.parse('2026-01-01T00:00:00Z');
    const { handler, store } = setup({ now: () => time });
    const key = crypto.randomUUID();
    await handler(post(validBody(), { 'Idempotency-Key': key }));
    time += 24 * 60 * 60 * 1000 - 1;
    await handler(post(validBody(), { 'Idempotency-Key': key }));
    expect(store.leads).toHaveLength(1);
    time += 1;
    await handler(post(validBody(), { 'Idempotency-Key': key }));
    expect(store.leads).toHaveLength(2);
  });

  it('a 400 is not remembered: a corrected resubmission with the same key is stored', async () => {
    const { handler, store } = setup();
    const key = crypto.randomUUID();
    expect((await handler(post(validBody({ 'Work Email': 'nope' }), { 'Idempotency-Key': key }))).status).toBe(400);
    expect((await handler(post(validBody(), { 'Idempotency-Key': key }))).status).toBe(200);
    expect(store.leads).toHaveLength(1);
  });

  it('keeps at most maxKeys keys (oldest evicted)', async () => {
    const { handler, store } = setup({ idempotency: { maxKeys: 2 } });
    for (const key of ['a', 'b', 'c']) await handler(post(validBody(), { 'Idempotency-Key': key }));
    await handler(post(validBody(), { 'Idempotency-Key': 'c' }));
    expect(store.leads).toHaveLength(3);
    await handler(post(validBody(), { 'Idempotency-Key': 'a' }));
    expect(store.leads).toHaveLength(4);
  });
});
