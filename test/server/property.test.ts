import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DATA_FIELDS } from '../../server/index.js';
import { post, setup } from './helpers.js';

const FORM = 'https://forms.example.com/handler';

async function expectJsonAnswer(body: string, headers: Record<string, string> = {}) {
  const { handler } = setup({ forwardAllowlist: [FORM], fetch: async () => new Response() });
  const response = await handler(post(body, headers));
  expect(response.status).not.toBe(500);
  expect([200, 400, 413]).toContain(response.status);
  expect(response.headers.get('content-type')).toBe('application/json');
  const parsed = JSON.parse(await response.text());
  if (response.status === 200) expect(typeof parsed.pdf_url).toBe('string');
  else expect(typeof parsed.message).toBe('string');
}

const anyValue = fc.oneof(fc.string(), fc.jsonValue(), fc.constant(''), fc.string({ minLength: 190, maxLength: 210 }));
const fieldName = fc.constantFrom(...DATA_FIELDS, 'url', 'data', '__proto__', 'constructor', 'Phone');

describe('property: no payload gets a 500, every answer is JSON', () => {
  it('arbitrary JSON values', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), (value) => expectJsonAnswer(JSON.stringify(value))),
      { numRuns: 300 },
    );
  });

  it('objects with the right keys and random values', async () => {
    const data = fc.dictionary(fieldName, anyValue, { maxKeys: 14 });
    const payload = fc.record(
      { url: fc.oneof(anyValue, fc.constantFrom('', FORM, 'https://169.254.169.254/')), data: fc.oneof(data, anyValue) },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(payload, (value) => expectJsonAnswer(JSON.stringify(value))),
      { numRuns: 500 },
    );
  });

  it('valid shapes with random strings in each field', async () => {
    const data = fc.record(Object.fromEntries(DATA_FIELDS.map((field) => [field, fc.string({ maxLength: 220 })])));
    await fc.assert(
      fc.asyncProperty(data, fc.string({ maxLength: 220 }), (value, key) =>
        expectJsonAnswer(JSON.stringify({ url: '', data: value }), key === '' ? {} : { 'Idempotency-Key': key }),
      ),
      { numRuns: 300 },
    );
  });

  it('random strings as the body', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ minLength: 16_000, maxLength: 17_000 })), (text) =>
        expectJsonAnswer(text),
      ),
      { numRuns: 300 },
    );
  });
});
