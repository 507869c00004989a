import { describe, expect, it } from 'vitest';
import { createLeadHandler } from '../../server/index.js';
import { MAX_FIELD_LENGTH } from '../../src/shared/lead-fields.js';
import { FIELD_PROBLEMS } from '../../src/shared/field-checks.js';
import { ENDPOINT, faultyStore, jsonOf, post, setup, validBody, validData } from './helpers.js';

async function expectJsonError(response: Response, status: number, error: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/json');
  expect(response.headers.get('cache-control')).toBe('no-store');
  const body = await jsonOf(response);
  expect(body.error).toBe(error);
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

describe('200', () => {
  it('stores a valid lead and answers the absolute pdf_url', async () => {
    const { handler, store } = setup();
    const response = await handler(post(validBody()));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await jsonOf(response)).toEqual({ pdf_url: 'https://example.com/one-pager.pdf' });
    expect(store.leads).toHaveLength(1);
    const [lead] = store.leads;
    expect(lead).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      pageUrl: 'https://example.com/stories/redcliffe',
      referrer: '',
      utmSource: '',
      utmMedium: '',
      utmCampaign: '',
      utmTerm: '',
      utmContent: '',
      formUrl: '',
    });
    expect(lead.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(lead.receivedAt).toISOString()).toBe(lead.receivedAt);
  });

  it('keeps an absolute pdfUrl, trims values, accepts charset=utf-8 and omitted optional fields', async () => {
    const { handler, store } = setup({ pdfUrl: 'https://cdn.example.net/r.pdf' });
    const body = JSON.stringify({ data: { 'First Name': '  Ada ', 'Last Name': 'L', 'Work Email': ' a@b.co ' } });
    const response = await handler(post(body, { 'Content-Type': 'application/json; charset=UTF-8' }));
    expect(response.status).toBe(200);
    expect(await jsonOf(response)).toEqual({ pdf_url: 'https://cdn.example.net/r.pdf' });
    expect(store.leads[0]).toMatchObject({ firstName: 'Ada', email: 'a@b.co', pageUrl: '', formUrl: '' });
  });
});

describe('400 invalid_lead names each invalid field', () => {
  const cases: [string, unknown, Record<string, string>][] = [
    ['missing names', { url: '', data: validData({ 'First Name': undefined, 'Last Name': undefined }) }, { 'First Name': 'required', 'Last Name': 'required' }],
    ['blank name after trim', { url: '', data: validData({ 'Last Name': '   ' }) }, { 'Last Name': 'required' }],
    ['missing email', { url: '', data: validData({ 'Work Email': '' }) }, { 'Work Email': 'required' }],
    ['email without @', { url: '', data: validData({ 'Work Email': 'ada.example.com' }) }, { 'Work Email': 'invalid email' }],
    ['email with two @', { url: '', data: validData({ 'Work Email': 'a@b@example.com' }) }, { 'Work Email': 'invalid email' }],
    ['email without local part', { url: '', data: validData({ 'Work Email': '@example.com' }) }, { 'Work Email': 'invalid email' }],
    ['email without a dot in the domain', { url: '', data: validData({ 'Work Email': 'ada@localhost' }) }, { 'Work Email': 'invalid email' }],
    ['email with a space', { url: '', data: validData({ 'Work Email': 'ada lovelace@example.com' }) }, { 'Work Email': 'invalid email' }],
    ['field over the contract limit', { url: '', data: validData({ utm_term: 'x'.repeat(MAX_FIELD_LENGTH + 1) }) }, { utm_term: FIELD_PROBLEMS.tooLong }],
    [
      'name over the contract limit',
      { url: '', data: validData({ 'First Name': 'x'.repeat(MAX_FIELD_LENGTH + 1) }) },
      { 'First Name': FIELD_PROBLEMS.tooLong },
    ],
    [
      'email over the contract limit',
      { url: '', data: validData({ 'Work Email': `${'a'.repeat(MAX_FIELD_LENGTH)}@example.com` }) },
      { 'Work Email': FIELD_PROBLEMS.tooLong },
    ],
    ['email without a dot (name@company)', { url: '', data: validData({ 'Work Email': 'name@company' }) }, { 'Work Email': FIELD_PROBLEMS.invalidEmail }],
    [
      'name of zero-width characters only',
      { url: '', data: validData({ 'First Name': '\u200b\u200c\u200d\u2060' }) },
      { 'First Name': FIELD_PROBLEMS.invalidCharacters },
    ],
    [
      'name with a right-to-left override',
      { url: '', data: validData({ 'Last Name': 'Ada\u202egnp.exe' }) },
      { 'Last Name': FIELD_PROBLEMS.invalidCharacters },
    ],
    ['name with a control character', { url: '', data: validData({ 'First Name': 'Ada\u0007' }) }, { 'First Name': FIELD_PROBLEMS.invalidCharacters }],
    ['name with a NUL', { url: '', data: validData({ 'First Name': 'Ada\u0000' }) }, { 'First Name': FIELD_PROBLEMS.invalidCharacters }],
    ['name of combining marks only', { url: '', data: validData({ 'First Name': '\u0301\u0302' }) }, { 'First Name': FIELD_PROBLEMS.invalidCharacters }],
    ['email with an empty domain label', { url: '', data: validData({ 'Work Email': 'a@b..c' }) }, { 'Work Email': FIELD_PROBLEMS.invalidEmail }],
    ['email with markup', { url: '', data: validData({ 'Work Email': '<script>@x.com' }) }, { 'Work Email': FIELD_PROBLEMS.invalidEmail }],
    ['page URL with a NUL', { url: '', data: validData({ page_url: 'https://example.com/\u0000' }) }, { page_url: FIELD_PROBLEMS.invalidCharacters }],
    ['data missing', { url: '' }, { data: 'required' }],
    ['data not an object', { url: '', data: 'Ada' }, { data: 'must be an object' }],
    ['data an array', { url: '', data: [] }, { data: 'must be an object' }],
    ['data null', { url: '', data: null }, { data: 'must be an object' }],
    ['unknown key in data', { url: '', data: validData({ Phone: '123' }) }, { Phone: 'unknown field' }],
    ['unknown top-level key', { url: '', data: validData(), extra: 1 }, { extra: 'unknown field' }],
    [
      'non-string value',
      { url: '', data: validData({ 'First Name': 42, utm_source: null }) },
      { 'First Name': 'must be a string', utm_source: 'must be a string' },
    ],
    ['non-string url', { url: 7, data: validData() }, { url: 'must be a string' }],
  ];

  for (const [name, payload, fields] of cases) {
    it(name, async () => {
      const { handler, store } = setup();
      const body = await expectJsonError(await handler(post(JSON.stringify(payload))), 400, 'invalid_lead');
      expect(body.fields).toEqual(fields);
      expect(store.leads).toHaveLength(0);
    });
  }

  it('"__proto__" as a key is named as an unknown field, not turned into a prototype', async () => {
    const { handler } = setup();
    const text = `{"url":"","data":${JSON.stringify(validData())},"__proto__":{"polluted":1}}`;
    const body = await expectJsonError(await handler(post(text)), 400, 'invalid_lead');
    expect(Object.keys(body.fields)).toEqual(['__proto__']);
    expect(body.fields['__proto__']).toBe('unknown field');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('the limit counts the trimmed value, as the element does', async () => {
    const { handler } = setup();
    const padded = `  ${'x'.repeat(MAX_FIELD_LENGTH)}  `;
    expect((await handler(post(validBody({ 'First Name': padded })))).status).toBe(200);
  });

  it('a body that is JSON but not an object', async () => {
    const { handler } = setup();
    for (const text of ['[]', 'null', '"lead"', '42']) {
      const body = await expectJsonError(await handler(post(text)), 400, 'invalid_lead');
      expect(body.fields).toEqual({});
    }
  });
});

describe('other errors', () => {
  it('400 invalid_json for malformed JSON, an empty body and invalid UTF-8', async () => {
    const { handler } = setup();
    await expectJsonError(await handler(post('{"url": "", "data": {')), 400, 'invalid_json');
    await expectJsonError(await handler(post('')), 400, 'invalid_json');
    await expectJsonError(await handler(post(new Uint8Array([0x7b, 0xff, 0x7d]))), 400, 'invalid_json');
  });

  it('413 when Content-Length says the body is over 16 KiB, before reading it', async () => {
    const { handler } = setup();
    const body = new ReadableStream({ pull() {} });
    const request = post(body, { 'Content-Length': String(16 * 1024 + 1) });
    await expectJsonError(await handler(request), 413, 'payload_too_large');
    expect(request.bodyUsed).toBe(false);
  });

  it('413 when a streamed body without Content-Length goes over 16 KiB, without reading the rest', async () => {
    const { handler, store } = setup();
    let chunksPulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        chunksPulled += 1;
        controller.enqueue(new Uint8Array(4096).fill(0x20));
      },
    });
    await expectJsonError(await handler(post(body)), 413, 'payload_too_large');
    expect(chunksPulled).toBeLessThan(10);
    expect(store.leads).toHaveLength(0);
  });

  it('accepts a body of exactly 16 KiB (then judges it)', async () => {
    const { handler } = setup();
    const text = validBody();
    const padded = text + ' '.repeat(16 * 1024 - text.length);
    expect((await handler(post(padded))).status).toBe(200);
    expect((await handler(post(padded + ' '))).status).toBe(413);
  });

  it('415 for a missing content type, or one neither JSON, a form nor an event (form posts: form-post.test.ts)', async () => {
    const { handler } = setup();
    for (const type of [
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded; charset=latin1',
      'application/json; charset=latin1',
      'application/jsonp',
    ]) {
      await expectJsonError(await handler(post(validBody(), { 'Content-Type': type })), 415, 'unsupported_media_type');
    }
    const noType = new Request(ENDPOINT, { method: 'POST', body: new Uint8Array(new TextEncoder().encode(validBody())) });
    await expectJsonError(await handler(noType), 415, 'unsupported_media_type');
    // text/plain is the element's story event (handler-events.test.ts): a lead sent so is not one.
    await expectJsonError(await handler(post(validBody(), { 'Content-Type': 'text/plain' })), 400, 'invalid_event');
  });

  it('405 with Allow: POST for every other method, OPTIONS included (TRACE: see node-adapter.test.ts)', async () => {
    const { handler } = setup();
    for (const method of ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND']) {
      const response = await handler(new Request(ENDPOINT, { method }));
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      if (method !== 'HEAD') await expectJsonError(response, 405, 'method_not_allowed');
    }
  });

  it('429 with Retry-After once a client address has spent its points', async () => {
    const { handler } = setup({ rateLimit: { points: 2, durationSeconds: 2 } });
    const context = { clientAddress: '203.0.113.7' };
    expect((await handler(post(validBody()), context)).status).toBe(200);
    expect((await handler(post(validBody()), context)).status).toBe(200);
    const response = await handler(post(validBody()), context);
    await expectJsonError(response, 429, 'rate_limited');
    expect(response.headers.get('retry-after')).toBe('2');
  });

  it('503 with Retry-After when the store fails, and the key is not burnt: the retry stores the lead', async () => {
    const state = { mode: 'fail' as 'ok' | 'fail' | 'hang' };
    const store = faultyStore(state);
    const { handler } = setup({ store });
    const key = crypto.randomUUID();
    const response = await handler(post(validBody(), { 'Idempotency-Key': key }));
    await expectJsonError(response, 503, 'service_unavailable');
    expect(response.headers.get('retry-after')).toBe('2');
    state.mode = 'ok';
    const retry = await handler(post(validBody(), { 'Idempotency-Key': key }));
    expect(retry.status).toBe(200);
    expect(store.leads).toHaveLength(1);
  });

  it('503 within storeTimeoutMs when the store hangs (every store call is bounded)', async () => {
    const state = { mode: 'hang' as 'ok' | 'fail' | 'hang' };
    const { handler } = setup({ store: faultyStore(state), storeTimeoutMs: 200 });
    const started = Date.now();
    const response = await handler(post(validBody()));
    expect(Date.now() - started).toBeLessThan(2000);
    await expectJsonError(response, 503, 'service_unavailable');
    expect(response.headers.get('retry-after')).toBe('2');
  });

  it("503 when the rate limiter's store is down, never 500", async () => {
    const state = { mode: 'fail' as 'ok' | 'fail' | 'hang' };
    const { handler } = setup({ store: faultyStore(state), rateLimit: {} });
    await expectJsonError(await handler(post(validBody()), { clientAddress: '192.0.2.1' }), 503, 'service_unavailable');
  });

  it('400 for an Idempotency-Key over 200 characters or empty', async () => {
    const { handler, store } = setup();
    await expectJsonError(await handler(post(validBody(), { 'Idempotency-Key': 'k'.repeat(201) })), 400, 'invalid_idempotency_key');
    await expectJsonError(await handler(post(validBody(), { 'Idempotency-Key': '' })), 400, 'invalid_idempotency_key');
    expect((await handler(post(validBody(), { 'Idempotency-Key': 'k'.repeat(200) }))).status).toBe(200);
    expect(store.leads).toHaveLength(1);
  });
});

describe('options', () => {
  it('refuses to start without pdfUrl or with a non-https allowlist entry', () => {
    expect(() => createLeadHandler({} as never)).toThrow(TypeError);
    expect(() => createLeadHandler({ pdfUrl: '/x.pdf', forwardAllowlist: ['http://forms.example.com/f'] })).toThrow(TypeError);
    expect(() => createLeadHandler({ pdfUrl: '/x.pdf', rateLimit: { points: 0 } })).toThrow(TypeError);
    expect(() => createLeadHandler({ pdfUrl: '/x.pdf', delivery: { adapter: 'mailchimp' as never } })).toThrow(/adapter/);
  });
});

describe('publicOrigin', () => {
  it('resolves a relative pdfUrl against the configured public origin, not the request URL', async () => {
    const { handler } = setup({ pdfUrl: '/files/one-pager.pdf', publicOrigin: 'https://www.example.org' });
    const response = await handler(post(validBody()), { clientAddress: '203.0.113.9' });
    expect(response.status).toBe(200);
    expect((await jsonOf(response)).pdf_url).toBe('https://www.example.org/files/one-pager.pdf');
  });

  it('refuses a public origin that is not an absolute http(s) URL, saying what to pass', () => {
    expect(() => setup({ publicOrigin: 'www.example.org' })).toThrow(/publicOrigin must be an absolute http\(s\) origin/);
  });
});
