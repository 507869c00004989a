import { describe, expect, it, vi } from 'vitest';
import { deliveryRetryDelay } from '../../server/crm/delivery.js';
import { jsonOf, post, setup, validBody } from './helpers.js';

const FORM = 'https://forms.example-mail.com/l/123/form-handler';
const HUBSPOT = 'https://api.hsforms.com/submissions/v3/integration/submit/123456/0a1b2c3d-aaaa-bbbb-cccc-0123456789ab';

function fakeFetch(answer: (input: string | URL | Request, init?: RequestInit) => Promise<Response>) {
  return vi.fn(answer) as unknown as typeof fetch & ReturnType<typeof vi.fn>;
}

const sent = (fetch: ReturnType<typeof fakeFetch>, i = 0) => {
  const [url, init] = fetch.mock.calls[i] as [string, RequestInit];
  return { url, init, body: JSON.parse(String(init.body)) };
};

describe('forwarding through the outbox', () => {
  it('answers before the form endpoint does: a CRM that takes 5 s never makes the visitor wait', async () => {
    let release!: () => void;
    const fetch = fakeFetch(() => new Promise<Response>((resolve) => (release = () => resolve(new Response('ok')))));
    const { handler, store } = setup({ forwardAllowlist: [FORM], fetch });
    const started = Date.now();
    const response = await handler(post(validBody({}, FORM)));
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(store.leads).toHaveLength(1);
    expect(await store.stats()).toMatchObject({ leads: 1, pending: 1, forwarded: 0 });
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    release();
    await handler.deliver();
    await vi.waitFor(async () => expect(await store.stats()).toMatchObject({ forwarded: 1, pending: 0 }));
  });

  it('json adapter: POSTs the lead data as JSON, without following redirects, and records the attempt', async () => {
    const fetch = fakeFetch(async () => new Response('ok', { status: 200 }));
    const { handler, store } = setup({ forwardAllowlist: [FORM], fetch });
    expect((await handler(post(validBody({}, FORM)))).status).toBe(200);
    await handler.deliver();
    expect(fetch).toHaveBeenCalledTimes(1);
    const { url, init, body } = sent(fetch);
    expect(url).toBe(FORM);
    expect(init.method).toBe('POST');
    expect(init.redirect).toBe('manual');
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    // The receiver's key for dropping a repeat (delivery is at least once): the stored lead's id.
    expect(new Headers(init.headers).get('idempotency-key')).toBe(store.leads[0]!.id);
    expect(body).toMatchObject({ 'First Name': 'Ada', 'Work Email': 'ada@example.com' });
    const attempts = await store.attempts(store.leads[0]!.id);
    expect(attempts).toEqual([expect.objectContaining({ attempt: 1, outcome: 'delivered', httpStatus: 200 })]);
    expect(await store.stats()).toEqual({ leads: 1, forwarded: 1, pending: 0, failed: 0, notForwarded: 0, spam: 0 });
  });

  it("hubspot adapter: fields [{ name, value }] and context.pageUri; only HubSpot's documented success counts", async () => {
    const answers = [
      new Response('<html>ok</html>', { status: 200 }), // a 200 without HubSpot's answer: not delivered
      new Response(JSON.stringify({ status: 'error', errors: [{ errorType: 'INTERNAL' }] }), { status: 500 }),
      new Response(JSON.stringify({ inlineMessage: 'Thanks for submitting the form.' }), { status: 200 }),
    ];
    const fetch = fakeFetch(async () => answers.shift()!);
    const { handler, store } = setup({
      forwardAllowlist: [HUBSPOT],
      fetch,
      delivery: { adapter: 'hubspot', initialDelayMs: 1, maxDelayMs: 1 },
    });
    const page = 'https://example.com/case-study/redcliffe-labs/?utm_source=newsletter';
    expect((await handler(post(validBody({ page_url: page }, HUBSPOT)))).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await handler.deliver();
    }
    expect(fetch).toHaveBeenCalledTimes(3);
    const { body } = sent(fetch);
    expect(body.fields).toEqual([
      { name: 'firstname', value: 'Ada' },
      { name: 'lastname', value: 'Lovelace' },
      { name: 'email', value: 'ada@example.com' },
    ]);
    expect(body.context).toEqual({ pageUri: page });
    const attempts = await store.attempts(store.leads[0]!.id);
    expect(attempts.map((a) => [a.outcome, a.httpStatus])).toEqual([
      ['failed', 200],
      ['failed', 500],
      ['delivered', 200],
    ]);
    expect(attempts[0]!.error).toMatch(/inlineMessage/);
    expect(await store.stats()).toMatchObject({ forwarded: 1, pending: 0 });
  });

  it('a CRM that fails three times then accepts: delivered, every attempt recorded, back-off between them', async () => {
    let calls = 0;
    const fetch = fakeFetch(async () => new Response(null, { status: ++calls <= 3 ? 503 : 200 }));
    const { handler, store } = setup({
      forwardAllowlist: [FORM],
      fetch,
      delivery: { initialDelayMs: 40, maxDelayMs: 1000, pollMs: 10, loop: true },
    });
    expect((await handler(post(validBody({}, FORM)))).status).toBe(200);
    await vi.waitFor(async () => expect(await store.stats()).toMatchObject({ forwarded: 1 }), { timeout: 5000, interval: 20 });
    const attempts = await store.attempts(store.leads[0]!.id);
    expect(attempts.map((a) => a.outcome)).toEqual(['failed', 'failed', 'failed', 'delivered']);
    expect(attempts.map((a) => a.httpStatus)).toEqual([503, 503, 503, 200]);
    // Exponential: each wait at least 0.8 × 40 ms × 2^(n-1).
    for (let i = 1; i < attempts.length; i++) {
      expect(attempts[i]!.startedAt - attempts[i - 1]!.startedAt).toBeGreaterThanOrEqual(0.8 * 40 * 2 ** (i - 1) - 5);
    }
    await handler.close();
  });

  it('gives up after giveUpAfterMs with final status failed; a 4xx that cannot succeed fails at once', async () => {
    let time = 1_000_000;
    const fetch = fakeFetch(async () => new Response(null, { status: 502 }));
    const { handler, store } = setup({
      forwardAllowlist: [FORM],
      fetch,
      now: () => time,
      allowShortTimes: true,
      delivery: { initialDelayMs: 1000, maxDelayMs: 4000, giveUpAfterMs: 10_000 },
    });
    await handler(post(validBody({}, FORM)));
    for (let i = 0; i < 20; i++) {
      await handler.deliver();
      time += 1000;
    }
    expect(await store.stats()).toMatchObject({ failed: 1, pending: 0 });
    const attempts = await store.attempts(store.leads[0]!.id);
    expect(attempts.length).toBeGreaterThanOrEqual(4);
    expect(attempts.length).toBeLessThanOrEqual(8);

    const rejecting = fakeFetch(async () => new Response(null, { status: 404 }));
    const second = setup({ forwardAllowlist: [FORM], fetch: rejecting });
    await second.handler(post(validBody({}, FORM)));
    await second.handler.deliver();
    expect(await second.store.stats()).toMatchObject({ failed: 1, pending: 0 });
  });

  it('back-off doubles from initialDelayMs up to maxDelayMs (±20 % jitter)', () => {
    const mid = () => 0.5;
    expect([1, 2, 3, 4, 5, 12].map((n) => deliveryRetryDelay(n, 30_000, 3_600_000, mid))).toEqual([30_000, 60_000, 120_000, 240_000, 480_000, 3_600_000]);
    expect(deliveryRetryDelay(1, 1000, 10_000, () => 0)).toBe(800);
    expect(deliveryRetryDelay(1, 1000, 10_000, () => 1)).toBe(1200);
  });

  it('an empty url stores the lead and writes no outbox entry', async () => {
    const fetch = fakeFetch(async () => new Response());
    const { handler, store } = setup({ forwardAllowlist: [FORM], fetch });
    expect((await handler(post(validBody({}, '')))).status).toBe(200);
    await handler.deliver();
    expect(fetch).not.toHaveBeenCalled();
    expect(await store.stats()).toEqual({ leads: 1, forwarded: 0, pending: 0, failed: 0, notForwarded: 1, spam: 0 });
  });

  it.each([
    ['http: scheme', 'http://forms.example-mail.com/l/123/form-handler'],
    ['loopback', 'https://127.0.0.1/l/123/form-handler'],
    ['cloud metadata', 'https://169.254.169.254/latest/meta-data/'],
    ['another path', 'https://forms.example-mail.com/l/999/form-handler'],
    ['a trailing slash', `${FORM}/`],
    ['an added query', `${FORM}?next=https://evil.example`],
    ['another port', 'https://forms.example-mail.com:8443/l/123/form-handler'],
    ['credentials', 'https://user:pw@forms.example-mail.com/l/123/form-handler'],
    ['a look-alike host', 'https://forms.example-mail.com.evil.example/l/123/form-handler'],
    ['not a URL', 'forms.example-mail.com/l/123/form-handler'],
    ['javascript:', 'javascript:alert(1)'],
  ])('refuses %s with 400 naming url, and fetches nothing', async (_name, url) => {
    const fetch = fakeFetch(async () => new Response());
    const { handler, store } = setup({ forwardAllowlist: [FORM], fetch });
    const response = await handler(post(validBody({}, url)));
    expect(response.status).toBe(400);
    expect((await jsonOf(response)).fields).toEqual({ url: 'not an allowed form endpoint' });
    await handler.deliver();
    expect(fetch).not.toHaveBeenCalled();
    expect(store.leads).toHaveLength(0);
  });

  it('refuses every non-empty url when there is no allowlist', async () => {
    const { handler } = setup();
    expect((await handler(post(validBody({}, FORM)))).status).toBe(400);
  });

  it('matches after URL normalisation (host case, default port, fragment)', async () => {
    const fetch = fakeFetch(async () => new Response());
    const { handler } = setup({ forwardAllowlist: [FORM], fetch });
    const url = 'https://FORMS.example-mail.com:443/l/123/form-handler#top';
    expect((await handler(post(validBody({}, url)))).status).toBe(200);
    await handler.deliver();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a redirecting endpoint is a failed attempt (never followed); the lead is kept', async () => {
    const fetch = fakeFetch(async () => new Response(null, { status: 302, headers: { Location: 'http://169.254.169.254/' } }));
    const { handler, store, logger } = setup({ forwardAllowlist: [FORM], fetch });
    expect((await handler(post(validBody({}, FORM)))).status).toBe(200);
    await handler.deliver();
    expect(fetch).toHaveBeenCalledTimes(1);
    const failure = logger.lines.find((line) => line.startsWith('warn lead not forwarded'));
    expect(failure).toContain(store.leads[0]!.id);
    expect(failure).toContain('status 302');
    expect(await store.stats()).toMatchObject({ leads: 1, pending: 1, forwarded: 0 });
  });

  it('a time-out is a failed attempt recorded as "timeout"', async () => {
    const fetch = fakeFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
        }),
    );
    const { handler, store } = setup({ forwardAllowlist: [FORM], fetch, delivery: { timeoutMs: 50 } });
    expect((await handler(post(validBody({}, FORM)))).status).toBe(200);
    await handler.deliver();
    expect((await store.attempts(store.leads[0]!.id))[0]).toMatchObject({ outcome: 'failed', error: 'timeout' });
  });

  it('with context.waitUntil the delivery is handed to the platform', async () => {
    const fetch = fakeFetch(async () => new Response());
    const { handler, store } = setup({ forwardAllowlist: [FORM], fetch });
    const pending: Promise<unknown>[] = [];
    const response = await handler(post(validBody({}, FORM)), { waitUntil: (p) => pending.push(p) });
    expect(response.status).toBe(200);
    expect(pending).toHaveLength(1);
    await Promise.all(pending);
    expect(await store.stats()).toMatchObject({ forwarded: 1 });
  });
});

describe('a CRM that is slow or asks for time', () => {
  it('a hung attempt holds only its own lead: the next lead is delivered while it hangs', async () => {
    let calls = 0;
    const fetch = fakeFetch((_url, init) =>
      ++calls === 1
        ? new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))
        : Promise.resolve(new Response('ok')),
    );
    const { handler, store } = setup({ forwardAllowlist: [FORM], fetch, delivery: { timeoutMs: 3000 } });
    expect((await handler(post(validBody({ 'Work Email': 'hung@example.com' }, FORM)))).status).toBe(200);
    const first = handler.deliver();
    await vi.waitFor(() => expect(calls).toBe(1));
    expect((await handler(post(validBody({ 'Work Email': 'healthy@example.com' }, FORM)))).status).toBe(200);
    const started = Date.now();
    await vi.waitFor(async () => expect((await store.stats()).forwarded).toBe(1), { timeout: 2000 });
    console.log(`[measure] healthy lead delivered ${Date.now() - started} ms after it was stored, beside a hung attempt`);
    expect((await store.stats()).pending).toBe(1); // the hung one, still on its own attempt
    await first;
  }, 10_000);

  it("honours the CRM's Retry-After (up to the longest back-off) instead of its own shorter wait", async () => {
    let clock = Date.parse('2026-11-25T12:00:00Z');
    let answers = 0;
    const fetch = fakeFetch(async () => (++answers === 1 ? new Response('busy', { status: 503, headers: { 'Retry-After': '600' } }) : new Response('ok')));
    const { handler, store } = setup({ forwardAllowlist: [FORM], fetch, now: () => clock, delivery: { initialDelayMs: 30_000 } });
    expect((await handler(post(validBody({}, FORM)))).status).toBe(200);
    await handler.deliver();
    expect(fetch).toHaveBeenCalledTimes(1);
    clock += 120_000; // past its own back-off (30 s ± 20 %), short of the 600 s asked for
    await handler.deliver();
    expect(fetch).toHaveBeenCalledTimes(1);
    clock += 481_000;
    await handler.deliver();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(await store.stats()).toMatchObject({ forwarded: 1, pending: 0 });
  });
});
