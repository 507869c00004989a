import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FETCHING } from '../../src/lib/fetching.js';
import { submitRetryDelay, postJson, SubmitError, type SubmitEnvironment } from '../../src/lib/submit.js';
import { fakeTimeout, scriptedFetch } from './download-fakes.js';

const env = (fetch: SubmitEnvironment['fetch']): Partial<SubmitEnvironment> => ({ fetch, timeout: fakeTimeout });

describe('postJson retry policy', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('POSTs the JSON body with Content-Type and an Idempotency-Key', async () => {
    const { fetch, calls } = scriptedFetch([200]);
    const response = await postJson('https://s/api/', { url: '', data: { a: 1 } }, { env: { ...env(fetch), newKey: () => 'key-1' } });
    expect(response.status).toBe(200);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('https://s/api/');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe('{"url":"","data":{"a":1}}');
    expect(calls[0]!.headers.get('content-type')).toBe('application/json');
    expect(calls[0]!.headers.get('idempotency-key')).toBe('key-1');
  });

  it('retries 503 three times after 1 s, 2 s and 4 s, with one idempotency key throughout', async () => {
    const { fetch, calls } = scriptedFetch([503, 503, 503, 200]);
    const done = postJson('https://s/api/', {}, { env: env(fetch) });
    await vi.advanceTimersByTimeAsync(7_000);
    expect((await done).status).toBe(200);
    expect(calls.map((call) => call.at)).toEqual([0, 1_000, 3_000, 7_000]);
    const keys = new Set(calls.map((call) => call.headers.get('idempotency-key')));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('gives up after 3 retries and hands back the last answer', async () => {
    const { fetch, calls } = scriptedFetch([502]);
    const done = postJson('https://s/api/', {}, { env: env(fetch) });
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await done).status).toBe(502);
    expect(calls).toHaveLength(4);
  });

  it.each([408, 429, 502, 503, 504])('retries %i', async (status) => {
    const { fetch, calls } = scriptedFetch([status, 200]);
    const done = postJson('https://s/api/', {}, { env: env(fetch) });
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await done).status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 409, 413, 415, 422, 500, 501])('does not retry %i', async (status) => {
    const { fetch, calls } = scriptedFetch([status, 200]);
    expect((await postJson('https://s/api/', {}, { env: env(fetch) })).status).toBe(status);
    expect(calls).toHaveLength(1);
  });

  it('retries a network error, and rejects when the last attempt fails too', async () => {
    const { fetch, calls } = scriptedFetch(['network']);
    const done = postJson('https://s/api/', {}, { env: env(fetch) });
    const settled = expect(done).rejects.toMatchObject({ name: 'SubmitError', reason: 'network' });
    await vi.advanceTimersByTimeAsync(7_000);
    await settled;
    expect(calls.map((call) => call.at)).toEqual([0, 1_000, 3_000, 7_000]);
  });

  it('times an attempt out at 15 s and retries it', async () => {
    const { fetch, calls } = scriptedFetch(['hang', 200]);
    const done = postJson('https://s/api/', {}, { env: env(fetch) });
    await vi.advanceTimersByTimeAsync(16_000);
    expect((await done).status).toBe(200);
    expect(calls.map((call) => call.at)).toEqual([0, 16_000]);
  });

  it('gives up after 30 s in all, whatever is still in flight', async () => {
    const { fetch, calls } = scriptedFetch(['hang']);
    const done = postJson('https://s/api/', {}, { env: env(fetch) });
    const settled = expect(done).rejects.toMatchObject({ reason: 'timeout', message: 'gave up after 30 s' });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls.map((call) => call.at)).toEqual([0, 16_000]);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
    expect(Date.now()).toBe(30_000);
  });

  it('does not sleep past the budget: a wait that would end after 30 s gives up at once', async () => {
    const { fetch, calls } = scriptedFetch([new Response('', { status: 429, headers: { 'Retry-After': '40' } })]);
    const response = await postJson('https://s/api/', {}, { env: env(fetch) });
    expect(response.status).toBe(429);
    expect(calls).toHaveLength(1);
    expect(Date.now()).toBe(0);
  });

  it('honours Retry-After in seconds on 429', async () => {
    const { fetch, calls } = scriptedFetch([new Response('', { status: 429, headers: { 'Retry-After': '5' } }), 200]);
    const done = postJson('https://s/api/', {}, { env: env(fetch) });
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await done).status).toBe(200);
    expect(calls.map((call) => call.at)).toEqual([0, 5_000]);
  });

  it('honours Retry-After as an HTTP-date on 429', async () => {
    const date = new Date(8_000).toUTCString();
    const { fetch, calls } = scriptedFetch([new Response('', { status: 429, headers: { 'Retry-After': date } }), 200]);
    const done = postJson('https://s/api/', {}, { env: env(fetch) });
    await vi.advanceTimersByTimeAsync(8_000);
    expect((await done).status).toBe(200);
    expect(calls.map((call) => call.at)).toEqual([0, 8_000]);
  });

  it('stops when the caller aborts', async () => {
    const { fetch } = scriptedFetch([503]);
    const controller = new AbortController();
    const done = postJson('https://s/api/', {}, { env: env(fetch), signal: controller.signal });
    const settled = expect(done).rejects.toMatchObject({ reason: 'aborted' });
    await vi.advanceTimersByTimeAsync(500);
    controller.abort();
    await settled;
  });
});

describe('delays', () => {
  it('doubles from 1 s and caps at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((retry) => submitRetryDelay(retry))).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(FETCHING.retries).toBe(3);
  });

  it('SubmitError carries a reason', () => {
    expect(new SubmitError('x', 'network')).toMatchObject({ name: 'SubmitError', reason: 'network' });
  });
});
