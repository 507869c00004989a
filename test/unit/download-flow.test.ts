import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FETCHING } from '../../src/lib/fetching.js';
import { DownloadError, downloadCaseStudy, requestPdfUrl, savePdf, type DownloadEnvironment } from '../../src/lib/lead-download.js';
import { createLeadCache, leadCacheKey } from '../../src/lib/lead-cache.js';
import { fakeTimeout, scriptedFetch } from './download-fakes.js';

const page = { href: 'https://site.example/case-study/redcliffe-labs/', search: '', referrer: '' };
const request = {
  endpoint: '/api/download-case-study/',
  formUrl: 'https://forms.example/f/1',
  fields: { firstName: 'Ada', lastName: 'Lovelace', email: 'Ada@Example.com' },
  page,
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function setup(steps: Parameters<typeof scriptedFetch>[0]) {
  const { fetch, calls } = scriptedFetch(steps);
  const log = vi.fn();
  const env: Partial<DownloadEnvironment> = {
    fetch,
    timeout: fakeTimeout,
    log,
    cache: createLeadCache(FETCHING.cacheLifetimeMs, () => Date.now()),
  };
  return { env, calls, log };
}

describe('requestPdfUrl', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('posts to the endpoint resolved against the page and resolves pdf_url against the endpoint', async () => {
    const { env, calls } = setup([json({ pdf_url: 'files/one.pdf' })]);
    const onSend = vi.fn();
    const url = await requestPdfUrl(request, { env, onSend });
    expect(url.href).toBe('https://site.example/api/download-case-study/files/one.pdf');
    expect(calls[0]!.url).toBe('https://site.example/api/download-case-study/');
    expect(onSend).toHaveBeenCalledWith('https://site.example/api/download-case-study/');
    expect(JSON.parse(calls[0]!.init.body as string).data['Work Email']).toBe('Ada@Example.com');
  });

  it('falls back to url when pdf_url is missing', async () => {
    const { env } = setup([json({ url: 'https://cdn.example/one.pdf' })]);
    expect((await requestPdfUrl(request, { env })).href).toBe('https://cdn.example/one.pdf');
  });

  it('logs "Failed to submit form" with the status when the answer is not OK', async () => {
    const { env, log } = setup([json({ error: 'x' }, 500)]);
    await expect(requestPdfUrl(request, { env })).rejects.toBeInstanceOf(DownloadError);
    expect(log).toHaveBeenCalledWith('Failed to submit form: 500');
  });

  it('a 400 naming fields rejects with those fields (for the form to show beside them); one without keeps the plain failure', async () => {
    const { env, log } = setup([json({ error: 'invalid_lead', message: 'Correct these fields', fields: { 'Work Email': 'invalid email', bad: 3 } }, 400)]);
    const error = await requestPdfUrl(request, { env }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DownloadError);
    expect((error as DownloadError).message).toBe('Failed to submit form: 400');
    expect((error as DownloadError).fields).toEqual({ 'Work Email': 'invalid email' });
    expect(log).toHaveBeenCalledWith('Failed to submit form: 400 (the server refused Work Email)');
    for (const answer of [json({ error: 'invalid_lead' }, 400), json({ fields: {} }, 400), new Response('nope', { status: 400 })]) {
      const plain = setup([answer]);
      const failure = await requestPdfUrl(request, { env: plain.env }).catch((e: unknown) => e);
      expect((failure as DownloadError).fields).toBeUndefined();
      expect(plain.log).toHaveBeenCalledWith('Failed to submit form: 400');
    }
  });

  it('logs "No PDF URL received from server" when the answer has no address (or is not JSON)', async () => {
    for (const answer of [json({ ok: true }), new Response('<html>', { status: 200 })]) {
      const { env, log } = setup([answer]);
      await expect(requestPdfUrl(request, { env })).rejects.toThrow('No PDF URL received from server');
      expect(log).toHaveBeenCalledWith('No PDF URL received from server');
    }
  });

  it('refuses a javascript: address, logs it and caches nothing', async () => {
    const { env, log, calls } = setup([json({ pdf_url: 'javascript:alert(1)' })]);
    await expect(requestPdfUrl(request, { env })).rejects.toThrow(/refused/i);
    expect(log.mock.calls[0]![0]).toMatch(/Refused the PDF URL.*javascript:/);
    await expect(requestPdfUrl(request, { env })).rejects.toThrow(/refused/i);
    expect(calls).toHaveLength(2);
  });

  it('logs "Failed to submit form" when no answer came in 30 s', async () => {
    const { env, log } = setup(['hang']);
    const done = requestPdfUrl(request, { env });
    const settled = expect(done).rejects.toBeInstanceOf(DownloadError);
    await vi.advanceTimersByTimeAsync(30_000);
    await settled;
    expect(log).toHaveBeenCalledWith('Failed to submit form: gave up after 30 s');
  });

  it('reuses the answer for the same endpoint, form and email (any case) for 5 minutes: no second request', async () => {
    const { env, calls } = setup([json({ pdf_url: '/one.pdf' })]);
    const onSend = vi.fn();
    await requestPdfUrl(request, { env, onSend });
    await vi.advanceTimersByTimeAsync(FETCHING.cacheLifetimeMs - 1);
    const again = { ...request, fields: { ...request.fields, email: '  ada@example.COM ' } };
    expect((await requestPdfUrl(again, { env, onSend })).href).toBe('https://site.example/one.pdf');
    expect(calls).toHaveLength(1);
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('asks again after 5 minutes, or for another email, form URL or endpoint', async () => {
    const { env, calls } = setup([json({ pdf_url: '/one.pdf' })]);
    await requestPdfUrl(request, { env });
    await requestPdfUrl({ ...request, fields: { ...request.fields, email: 'other@example.com' } }, { env });
    await requestPdfUrl({ ...request, formUrl: '' }, { env });
    await requestPdfUrl({ ...request, endpoint: 'https://other.example/api/' }, { env });
    expect(calls).toHaveLength(4);
    await vi.advanceTimersByTimeAsync(FETCHING.cacheLifetimeMs);
    await requestPdfUrl(request, { env });
    expect(calls).toHaveLength(5);
  });

  it('does not cache failures', async () => {
    const { env, calls } = setup([json({}, 500), json({ pdf_url: '/one.pdf' })]);
    await expect(requestPdfUrl(request, { env })).rejects.toThrow();
    await requestPdfUrl(request, { env });
    expect(calls).toHaveLength(2);
  });
});

describe('leadCacheKey', () => {
  it('lower-cases and trims the email only', () => {
    expect(leadCacheKey('E', 'F', ' A@B.co ')).toBe(leadCacheKey('E', 'F', 'a@b.co'));
    expect(leadCacheKey('E', 'f', 'a@b.co')).not.toBe(leadCacheKey('E', 'F', 'a@b.co'));
  });
});

function fakeContainer() {
  const anchor = { href: '', download: '', hidden: false, click: vi.fn(), remove: vi.fn() };
  const container = { ownerDocument: { createElement: vi.fn(() => anchor) }, append: vi.fn() };
  return { anchor, container: container as unknown as ParentNode & Node };
}

describe('savePdf', () => {
  const pdf = new URL('https://cdn.example/one.pdf');

  it('fetches without credentials and saves through a blob URL and a temporary <a download>', async () => {
    const { fetch, calls } = scriptedFetch([new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }))]);
    const later = vi.fn();
    const revokeObjectURL = vi.fn();
    const { anchor, container } = fakeContainer();
    const result = await savePdf(pdf, {
      container,
      env: { fetch, createObjectURL: () => 'blob:https://site.example/1', revokeObjectURL, later },
    });
    expect(result).toBe('saved');
    expect(calls[0]!.url).toBe('https://cdn.example/one.pdf');
    expect(calls[0]!.init).toMatchObject({ mode: 'cors', credentials: 'omit' });
    expect(anchor).toMatchObject({ href: 'blob:https://site.example/1', download: 'Leaflet_Case_Study_One_Pager.pdf', hidden: true });
    expect(anchor.click).toHaveBeenCalledOnce();
    expect(anchor.remove).toHaveBeenCalledOnce();
    expect(revokeObjectURL).not.toHaveBeenCalled();
    later.mock.calls[0]![0]();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:https://site.example/1');
  });

  it('opens the address in a new tab without an opener when CORS refuses the fetch', async () => {
    const { fetch } = scriptedFetch(['network']);
    const open = vi.fn();
    const { anchor, container } = fakeContainer();
    expect(await savePdf(pdf, { container, env: { fetch, open } })).toBe('opened');
    expect(open).toHaveBeenCalledWith('https://cdn.example/one.pdf', '_blank', 'noopener');
    expect(anchor.click).not.toHaveBeenCalled();
  });

  it('fails on a PDF answer that is not OK', async () => {
    const { fetch } = scriptedFetch([404]);
    const log = vi.fn();
    await expect(savePdf(pdf, { container: fakeContainer().container, env: { fetch, log } })).rejects.toBeInstanceOf(DownloadError);
    expect(log).toHaveBeenCalledWith('PDF download failed: 404');
  });
});

describe('downloadCaseStudy', () => {
  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('sends the lead, saves the PDF and resolves with its address', async () => {
    const { env, calls } = setup([json({ pdf_url: '/one.pdf' }), new Response(new Blob(['%PDF']))]);
    const { anchor, container } = fakeContainer();
    const url = await downloadCaseStudy(request, {
      container,
      env: { ...env, createObjectURL: () => 'blob:x', later: () => {} },
    });
    expect(url.href).toBe('https://site.example/one.pdf');
    expect(calls.map((call) => call.url)).toEqual(['https://site.example/api/download-case-study/', 'https://site.example/one.pdf']);
    expect(anchor.click).toHaveBeenCalledOnce();
  });
});
