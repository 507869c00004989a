import { readFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { download } from '../../src/shared/content.js';
import { FETCHING } from '../../src/lib/fetching.js';
import { DownloadError, requestPdfUrl, type DownloadEnvironment } from '../../src/lib/lead-download.js';
import { HUBSPOT_ATTRIBUTES_PROBLEM, hubspotFieldProblems, hubspotForm, hubspotSubmission, hutkOf } from '../../src/lib/hubspot.js';
import { createLeadCache } from '../../src/lib/lead-cache.js';
import { buildPayload } from '../../src/lib/payload.js';
import { fakeTimeout, scriptedFetch } from './download-fakes.js';

const PORTAL = '1234567';
const FORM = '0a1b2c3d-aaaa-bbbb-cccc-0123456789ab';
const SUBMIT = `https://api.hsforms.com/submissions/v3/integration/submit/${PORTAL}/${FORM}`;
const HUTK = '0123456789abcdef0123456789abcdef';
const page = {
  href: 'https://blog.example/stories/redcliffe/?utm_source=newsletter&utm_campaign=q4',
  search: '?utm_source=newsletter&utm_campaign=q4',
  referrer: 'https://www.example/',
  title: 'How Redcliffe Labs took calls into the chat',
  cookie: `theme=dark; hubspotutk=${HUTK}; other=1`,
};
const fields = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };
const request = {
  endpoint: '/api/download-case-study/',
  formUrl: '',
  fields,
  page,
  hubspotPortal: PORTAL,
  hubspotForm: FORM,
  pdfUrl: 'https://cdn.example/one-pager.pdf',
};
const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

function setup(steps: Parameters<typeof scriptedFetch>[0]) {
  const { fetch, calls } = scriptedFetch(steps);
  const log = vi.fn();
  const env: Partial<DownloadEnvironment> = { fetch, timeout: fakeTimeout, log, cache: createLeadCache(FETCHING.cacheLifetimeMs, () => Date.now()) };
  return { env, calls, log };
}

describe('the HubSpot form the attributes name', () => {
  it('needs a numeric portal and a form GUID; says what is wrong otherwise', () => {
    expect(hubspotForm(PORTAL, FORM.toUpperCase())).toEqual({ portalId: PORTAL, formGuid: FORM });
    expect(hubspotForm('abc', FORM)).toBeUndefined();
    expect(hubspotForm(PORTAL, 'my-form')).toBeUndefined();
  });

  it("reads the visitor's hubspotutk cookie, and nothing else", () => {
    expect(hutkOf(page.cookie)).toBe(HUTK);
    expect(hutkOf('hubspotutk=<script>')).toBeUndefined();
    expect(hutkOf('')).toBeUndefined();
  });
});

describe('the packaged PDF', () => {
  it("the name lead-download.ts writes out is the PDF's name in the content module", async () => {
    const source = await readFile(new URL('../../src/lib/lead-download.ts', import.meta.url), 'utf8');
    expect(source).toContain(`new URL('../${download.fileName}', import.meta.url)`);
  });
});

describe('the v3 submission', () => {
  it("carries the table's HubSpot fields, the page with its UTM query, its name, the hutk and the time", () => {
    const body = hubspotSubmission(buildPayload(fields, '', page), page, 1_764_000_000_000);
    expect(body).toEqual({
      submittedAt: '1764000000000',
      fields: [
        { name: 'firstname', value: 'Ada' },
        { name: 'lastname', value: 'Lovelace' },
        { name: 'email', value: 'ada@example.com' },
      ],
      context: { pageUri: page.href, pageName: page.title, hutk: HUTK },
    });
  });

  it("maps HubSpot's field errors to the form's fields", () => {
    expect(
      hubspotFieldProblems({
        status: 'error',
        errors: [
          { message: "Error in 'fields.email'. Invalid email address", errorType: 'INVALID_EMAIL' },
          { message: "Error in 'fields.firstname'. Required field 'firstname' is missing", errorType: 'REQUIRED_FIELD' },
          { message: 'Something about the portal', errorType: 'OTHER' },
        ],
      }),
    ).toEqual({ 'Work Email': 'invalid email', 'First Name': 'required' });
    expect(hubspotFieldProblems({ errors: [] })).toBeUndefined();
  });
});

describe('requestPdfUrl in HubSpot mode', () => {
  it('ill-formed attributes: the console says which, and the lead goes to the endpoint', async () => {
    const { env, calls, log } = setup([json({ pdf_url: 'https://site.example/one.pdf' })]);
    const url = await requestPdfUrl({ ...request, hubspotForm: 'my-form', page: { ...page, base: 'https://site.example/' } }, { env });
    expect(url.href).toBe('https://site.example/one.pdf');
    expect(calls[0]!.url).toBe('https://site.example/api/download-case-study/');
    expect(log).toHaveBeenCalledWith(HUBSPOT_ATTRIBUTES_PROBLEM);
  });

  beforeEach(() => vi.useFakeTimers({ now: 0 }));
  afterEach(() => vi.useRealTimers());

  it('posts the submission to HubSpot, never to the endpoint, without an Idempotency-Key; resolves with pdf-url', async () => {
    const { env, calls } = setup([json({ inlineMessage: 'Thanks for submitting the form.' })]);
    const onSend = vi.fn();
    const url = await requestPdfUrl(request, { env, onSend });
    expect(url.href).toBe('https://cdn.example/one-pager.pdf');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(SUBMIT);
    expect(calls[0]!.headers.get('idempotency-key')).toBeNull();
    expect(JSON.parse(calls[0]!.init.body as string).fields).toContainEqual({ name: 'email', value: 'ada@example.com' });
    expect(onSend).toHaveBeenCalledWith(SUBMIT);
  });

  it("carries legalConsentOptions: the privacy line as consent to process, the box's value, subscription type and words", async () => {
    const privacyText = 'We use your details to send you this case study and follow up about it, never for anything else.';
    const consentText = 'Send me news about WhatsApp Calling by email.';
    const { env, calls } = setup([json({ inlineMessage: 'Thanks' }), json({ inlineMessage: 'Thanks' })]);
    const withConsent = (consent: 'yes' | 'no', email: string) =>
      requestPdfUrl({ ...request, fields: { ...fields, email }, consent: { privacyText, consentText, consent }, hubspotSubscriptionType: '4242' }, { env });
    await withConsent('yes', 'ada@example.com');
    await withConsent('no', 'grace@example.com');
    expect(calls.map((call) => JSON.parse(call.init.body as string).legalConsentOptions)).toEqual([
      { consent: { consentToProcess: true, text: privacyText, communications: [{ value: true, subscriptionTypeId: 4242, text: consentText }] } },
      { consent: { consentToProcess: true, text: privacyText, communications: [{ value: false, subscriptionTypeId: 4242, text: consentText }] } },
    ]);
  });

  it('a 400 naming the email rejects with that field, to show beside it', async () => {
    const { env, log } = setup([
      json({ status: 'error', errors: [{ message: "Error in 'fields.email'. Invalid email address", errorType: 'INVALID_EMAIL' }] }, 400),
    ]);
    const error = (await requestPdfUrl(request, { env }).catch((e: unknown) => e)) as DownloadError;
    expect(error.fields).toEqual({ 'Work Email': 'invalid email' });
    expect(log).toHaveBeenCalledWith('Failed to submit form: 400 (the server refused Work Email)');
  });

  it("a 429 is retried after HubSpot's Retry-After, then succeeds", async () => {
    const { env, calls } = setup([json({ status: 'error' }, 429, { 'Retry-After': '2' }), json({ inlineMessage: 'Thanks' })]);
    const pending = requestPdfUrl(request, { env });
    await vi.advanceTimersByTimeAsync(2000);
    expect((await pending).href).toBe('https://cdn.example/one-pager.pdf');
    expect(calls.map((call) => call.at)).toEqual([0, 2000]);
  });

  it('a 404 (wrong portal or form) says which attributes to check', async () => {
    const { env, log } = setup([json({ status: 'error', message: 'Form not found' }, 404)]);
    await expect(requestPdfUrl(request, { env })).rejects.toBeInstanceOf(DownloadError);
    expect(log).toHaveBeenCalledWith('Failed to submit form: 404 (HubSpot knows no such form: check the hubspot-portal and hubspot-form attributes)');
  });

  it("another story than the default gets its own PDF or none, never the packaged one-pager, which is another customer's", async () => {
    const { pdfUrl: _none, ...withoutPdf } = request;
    const own = setup([json({ inlineMessage: 'Thanks' })]);
    const pdfUrl = 'https://stories.example/northwind-clinics.pdf';
    expect((await requestPdfUrl({ ...withoutPdf, story: 'northwind-clinics', packagedPdf: false, pdfUrl }, { env: own.env })).href).toBe(pdfUrl);
    const { env, log } = setup([json({ inlineMessage: 'Thanks' })]);
    await expect(requestPdfUrl({ ...withoutPdf, story: 'northwind-clinics', packagedPdf: false }, { env })).rejects.toBeInstanceOf(DownloadError);
    expect(log).toHaveBeenCalledWith('No PDF to hand over: the story "northwind-clinics" names none (its pdf.url) and the element has no pdf-url');
  });

  it('a network failure, after the retries, rejects (the dialog keeps the values and offers Try again)', async () => {
    const { env, calls } = setup(['network']);
    const pending = requestPdfUrl(request, { env }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(FETCHING.totalBudgetMs);
    expect(await pending).toBeInstanceOf(DownloadError);
    expect(calls.length).toBe(FETCHING.retries + 1);
  });
});
