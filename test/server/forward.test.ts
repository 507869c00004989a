import { describe, expect, it, vi } from 'vitest';
import { jsonOf, post, setup, validBody } from './helpers.js';

const FORM = 'https://forms.example-mail.com/l/123/form-handler';

function fakeFetch(answer: (input: string | URL | Request, init?: RequestInit) => Promise<Response>) {
  return vi.fn(answer) as unknown as typeof fetch & ReturnType<typeof vi.fn>;
}

describe('forwarding to an allowlisted form endpoint', () => {
  it('POSTs the lead data as JSON after storing it, without following redirects', async () => {
    const order: string[] = [];
    const fetch = fakeFetch(async () => {
      order.push('forward');
      return new Response('ok', { status: 200 });
    });
    const { handler, store, logger } = setup({
      forwardAllowlist: [FORM],
      fetch,
      store: {
        async append() {
          order.push('store');
        },
      },
    });
    const response = await handler(post(validBody({}, FORM)));
    expect(response.status).toBe(200);
    expect(order).toEqual(['store', 'forward']);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(FORM);
    expect(init.method).toBe('POST');
    expect(init.redirect).toBe('manual');
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toMatchObject({ 'First Name': 'Ada', 'Work Email': 'ada@example.com' });
    expect(store.leads).toHaveLength(0); // the custom store above replaced the memory store
    expect(logger.lines.some((line) => line.startsWith('info lead forwarded'))).toBe(true);
  });

  it('an empty url stores the lead and forwards nothing', async () => {
    const fetch = fakeFetch(async () => new Response());
    const { handler, store } = setup({ forwardAllowlist: [FORM], fetch });
    expect((await handler(post(validBody({}, '')))).status).toBe(200);
    expect(fetch).not.toHaveBeenCalled();
    expect(store.leads).toHaveLength(1);
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
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a redirecting endpoint: lead stored, visitor gets 200, forward counted as failed', async () => {
    const fetch = fakeFetch(async () => new Response(null, { status: 302, headers: { Location: 'http://169.254.169.254/' } }));
    const { handler, store, logger } = setup({ forwardAllowlist: [FORM], fetch });
    const response = await handler(post(validBody({}, FORM)));
    expect(response.status).toBe(200);
    expect(store.leads).toHaveLength(1);
    expect(fetch).toHaveBeenCalledTimes(1);
    const failure = logger.lines.find((line) => line.startsWith('warn lead not forwarded'));
    expect(failure).toContain(store.leads[0]!.id);
    expect(failure).toContain('"forwarded":false');
    expect(failure).toContain('status 302');
  });

  it('a network error does not lose the lead', async () => {
    const fetch = fakeFetch(async () => {
      throw new TypeError('fetch failed');
    });
    const { handler, store, logger } = setup({ forwardAllowlist: [FORM], fetch });
    expect((await handler(post(validBody({}, FORM)))).status).toBe(200);
    expect(store.leads).toHaveLength(1);
    expect(logger.lines.some((line) => line.startsWith('warn lead not forwarded'))).toBe(true);
  });

  it('a forward that times out does not lose the lead and answers 200 after forwardTimeoutMs', async () => {
    const fetch = fakeFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal!.reason));
        }),
    );
    const { handler, store, logger } = setup({ forwardAllowlist: [FORM], fetch, forwardTimeoutMs: 50 });
    const started = Date.now();
    const response = await handler(post(validBody({}, FORM)));
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(40);
    expect(store.leads).toHaveLength(1);
    expect(logger.lines.find((line) => line.startsWith('warn lead not forwarded'))).toContain('timeout');
  });

  it('with context.waitUntil the answer does not wait for the forward', async () => {
    let release!: () => void;
    const fetch = fakeFetch(() => new Promise<Response>((resolve) => (release = () => resolve(new Response()))));
    const { handler, store } = setup({ forwardAllowlist: [FORM], fetch });
    const pending: Promise<unknown>[] = [];
    const response = await handler(post(validBody({}, FORM)), { waitUntil: (p) => pending.push(p) });
    expect(response.status).toBe(200);
    expect(store.leads).toHaveLength(1);
    expect(pending).toHaveLength(1);
    release();
    await Promise.all(pending);
  });
});
