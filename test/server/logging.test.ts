import { describe, expect, it } from 'vitest';
import { post, setup, validBody } from './helpers.js';

const FORM = 'https://forms.example.com/handler';

describe('logging', () => {
  it('logs lead ids and status codes, never names or emails, on every path', async () => {
    const fetch = (async () => new Response(null, { status: 500 })) as typeof globalThis.fetch;
    let failStore = false;
    const leads: string[] = [];
    const { handler, logger } = setup({
      forwardAllowlist: [FORM],
      fetch,
      rateLimit: { capacity: 6 },
      store: {
        async append(lead) {
          if (failStore) throw new Error(`could not write ${lead.email} for ${lead.firstName}`);
          leads.push(lead.id);
        },
      },
    });
    const secret = { 'First Name': 'Zebedee', 'Last Name': 'Quillfeather', 'Work Email': 'zebedee.q@secret-domain.example' };
    const context = { clientAddress: '192.0.2.9' };
    await handler(post(validBody(secret, FORM)), context); // 200, forward fails
    await handler(post(validBody({ ...secret, 'Work Email': 'zebedee.q@secret-domain' })), context); // 400
    await handler(post(validBody(secret), { 'Idempotency-Key': 'k1' }), context); // 200
    await handler(post(validBody(secret), { 'Idempotency-Key': 'k1' }), context); // replay
    failStore = true;
    await handler(post(validBody(secret)), context); // 500
    await handler(post(validBody(secret)), context); // 500
    await handler(post(validBody(secret)), context); // 429

    const output = logger.lines.join('\n');
    expect(output).toContain(leads[0]);
    expect(output).toContain('"status":200');
    expect(output).toContain('"status":400');
    expect(output).toContain('"status":500');
    expect(output).toContain('"status":429');
    expect(output).toContain('lead not forwarded');
    for (const value of ['zebedee', 'Zebedee', 'Quillfeather', 'secret-domain', '@']) {
      expect(output).not.toContain(value);
    }
  });
});
