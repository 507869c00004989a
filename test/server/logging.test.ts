import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../server/index.js';
import { post, setup, validBody } from './helpers.js';

const FORM = 'https://forms.example.com/handler';

describe('logging', () => {
  it('logs lead ids and status codes, never names or emails, on every path', async () => {
    const fetch = (async () => new Response(null, { status: 500 })) as typeof globalThis.fetch;
    let failStore = false;
    const leads: string[] = [];
    const inner = createMemoryStore();
    const { handler, logger } = setup({
      forwardAllowlist: [FORM],
      fetch,
      rateLimit: { points: 7 },
      delivery: { initialDelayMs: 10 },
      store: {
        ...inner,
        async accept(request) {
          if (failStore) throw new Error(`could not write ${request.lead.email} for ${request.lead.firstName}`);
          leads.push(request.lead.id);
          return inner.accept(request);
        },
      },
    });
    const secret = { 'First Name': 'Zebedee', 'Last Name': 'Quillfeather', 'Work Email': 'zebedee.q@secret-domain.example' };
    const context = { clientAddress: '192.0.2.9' };
    await handler(post(validBody(secret, FORM)), context); // 200, forward fails
    await handler.deliver();
    await handler(post(validBody({ ...secret, 'Work Email': 'zebedee.q@secret-domain' })), context); // 400
    await handler(post(validBody(secret), { 'Idempotency-Key': 'k1' }), context); // 200
    await handler(post(validBody(secret), { 'Idempotency-Key': 'k1' }), context); // replay
    await handler(post(validBody({ ...secret, 'Last Name': 'Other' }), { 'Idempotency-Key': 'k1' }), context); // 422
    failStore = true;
    await handler(post(validBody(secret)), context); // 503
    await handler(post(validBody(secret)), context); // 503
    await handler(post(validBody(secret)), context); // 429

    const output = logger.lines.join('\n');
    expect(output).toContain(leads[0]);
    expect(output).toContain('"status":200');
    expect(output).toContain('"status":400');
    expect(output).toContain('"status":503');
    expect(output).toContain('"status":422');
    expect(output).toContain('"status":429');
    expect(output).toContain('lead not forwarded');
    for (const value of ['zebedee', 'Zebedee', 'Quillfeather', 'secret-domain', '@']) {
      expect(output).not.toContain(value);
    }
  });
});
