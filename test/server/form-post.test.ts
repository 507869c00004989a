/**
 * The plain form a visitor without JavaScript sends (application/x-www-form-urlencoded): a thank-you page with the
 * PDF, one lead per submit however often it is sent, an HTML page that keeps what was typed and says
 * beside each field what to fix, and no posts from other sites' pages. Memory store and real SQLite.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldOf } from '../../src/shared/lead-fields.js';
import { problemMessage } from '../../src/shared/field-checks.js';
import { createSqliteStore, leadsToCsv, type LeadStore } from '../../server/index.js';
import { ENDPOINT, faultyStore, setup, thankYouPdf } from './helpers.js';

const ORIGIN = new URL(ENDPOINT).origin;
const PAGE = `${ORIGIN}/case-study/redcliffe-labs/?utm_source=newsletter&utm_campaign=q4`;

function formPost(fields: Record<string, string>, headers: Record<string, string> = {}): Request {
  return new Request(ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN, Referer: PAGE, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

const typed = {
  [fieldOf('firstName').name]: 'Asha',
  [fieldOf('lastName').name]: 'Rao',
  [fieldOf('email').name]: 'asha@example.com',
};

async function leadsIn(store: LeadStore) {
  const leads = [];
  for await (const lead of store.exportLeads()) leads.push(lead);
  return leads;
}

/** The value of the input named `name` in an HTML page (attribute entities decoded). */
function inputValue(html: string, name: string): string | undefined {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  const raw = tag && /value="([^"]*)"/.exec(tag)?.[1];
  return raw?.replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)));
}

describe('a forged Host header', () => {
  it("sends only its own sender elsewhere: the genuine visitor's same lead is redirected to the real site", async () => {
    const { handler, store } = setup({ pdfUrl: '/one-pager.pdf' }); // no publicOrigin, as on a bare demo
    // Step 1: the attacker posts the victim's name and email with Host (and Origin) of their own.
    const forged = new Request('https://attacker.example/api/lead', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://attacker.example', Referer: PAGE },
      body: new URLSearchParams(typed).toString(),
    });
    const first = await handler(forged);
    expect(await thankYouPdf(first)).toBe('https://attacker.example/one-pager.pdf');
    // Step 2: the victim sends the same form from the real page: the stored answer holds no origin.
    const genuine = await handler(formPost(typed));
    expect(await thankYouPdf(genuine)).toBe(`${ORIGIN}/one-pager.pdf`);
    expect(await leadsIn(store)).toHaveLength(1);
  });
});

describe('form posts without JavaScript', () => {
  it('a valid form answers a thank-you page with the PDF and stores the lead with the page and its UTM parameters', async () => {
    const { handler, store } = setup();
    const response = await handler(formPost(typed));
    expect(await thankYouPdf(response)).toBe(`${ORIGIN}/one-pager.pdf`);
    const [lead, ...rest] = await leadsIn(store);
    expect(rest).toHaveLength(0);
    expect(lead).toMatchObject({ firstName: 'Asha', lastName: 'Rao', email: 'asha@example.com', pageUrl: PAGE });
    expect(lead).toMatchObject({ utmSource: 'newsletter', utmCampaign: 'q4' });
  });

  it('a double submit, or the same form sent again, stores one lead (on real SQLite too)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'rcs-form-'));
    try {
      const store = await createSqliteStore({ file: path.join(dir, 'leads.db') });
      const { handler } = setup({ store });
      const answers = await Promise.all([handler(formPost(typed)), handler(formPost(typed))]);
      answers.push(await handler(formPost(typed)));
      const pdfs = await Promise.all(answers.map(thankYouPdf));
      expect(pdfs).toEqual([`${ORIGIN}/one-pager.pdf`, `${ORIGIN}/one-pager.pdf`, `${ORIGIN}/one-pager.pdf`]);
      expect(await leadsIn(store)).toHaveLength(1);
      // Another person is another lead.
      expect(await thankYouPdf(await handler(formPost({ ...typed, [fieldOf('email').name]: 'ravi@example.com' })))).toBeDefined();
      expect(await leadsIn(store)).toHaveLength(2);
      await handler.close();
      await store.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('keeps the consent the form showed: a ticked box is stored "yes", one left empty "no"; export shows both with their words', async () => {
    const { handler, store } = setup();
    // The privacy line and the box's words, with a comma and quotes, as a page may write them.
    const shown = { privacy_text: 'We use your details to send you this case study, nothing else.', consent_text: 'Email me "news" about calling.' };
    await handler(formPost({ ...typed, ...shown, consent: 'yes' }));
    await handler(formPost({ ...typed, [fieldOf('email').name]: 'ravi@example.com', ...shown })); // an unticked box posts nothing
    const leads = await leadsIn(store);
    const words = { privacyText: shown.privacy_text, consentText: shown.consent_text };
    expect(leads.find((lead) => lead.email === 'asha@example.com')).toMatchObject({ ...words, consent: 'yes' });
    expect(leads.find((lead) => lead.email === 'ravi@example.com')).toMatchObject({ ...words, consent: 'no' });
    let csv = '';
    for await (const chunk of leadsToCsv(store.exportLeads())) csv += chunk;
    const [header, ...rows] = csv
      .trim()
      .split('\r\n')
      .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((cell) => cell[1]!.replace(/""/g, '"')));
    const column = (row: string[], name: string) => row[header!.indexOf(name)];
    const exported = rows.map((row) => [column(row, 'email'), column(row, 'privacy_text'), column(row, 'consent_text'), column(row, 'consent')]);
    expect(exported.sort()).toEqual([
      ['asha@example.com', shown.privacy_text, shown.consent_text, 'yes'],
      ['ravi@example.com', shown.privacy_text, shown.consent_text, 'no'],
    ]);
  });

  it('a field to fix answers 400 with a page that keeps what was typed and says beside the field what to fix', async () => {
    const { handler, store } = setup();
    const response = await handler(
      formPost({ [fieldOf('firstName').name]: '<b>Asha</b> "A"', [fieldOf('lastName').name]: '', [fieldOf('email').name]: 'asha' }),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'.*form-action 'self'/);
    const html = await response.text();
    expect(html).not.toContain('<b>Asha');
    expect(inputValue(html, fieldOf('firstName').name)).toBe('<b>Asha</b> "A"');
    expect(inputValue(html, fieldOf('email').name)).toBe('asha');
    expect(inputValue(html, 'page_url'), 'the page the form was on is sent again').toBe(PAGE);
    // Each message sits beside its field, tied to it, and focus starts on the first to fix.
    const lastName = new RegExp(`<input[^>]*name="${fieldOf('lastName').name}"[^>]*>`).exec(html)![0];
    expect(lastName).toContain('aria-invalid="true"');
    expect(lastName).toContain('autofocus');
    expect(html).toContain(`id="field-lastName-problem">${problemMessage('lastName', 'required')}</p>`);
    expect(html).toContain(`id="field-email-problem">${problemMessage('email', 'invalid email')}</p>`);
    expect(await leadsIn(store)).toHaveLength(0);
  });

  it('the page sent again from the 400 page keeps the original page URL', async () => {
    const { handler, store } = setup();
    const first = await (await handler(formPost({ ...typed, [fieldOf('email').name]: 'asha' }))).text();
    const again = Object.fromEntries(
      [fieldOf('firstName').name, fieldOf('lastName').name, fieldOf('email').name, 'page_url'].map((name) => [name, inputValue(first, name) ?? '']),
    );
    again[fieldOf('email').name] = 'asha@example.com';
    // Posted from the 400 page itself: same origin, its Referer is the endpoint.
    const response = await handler(formPost(again, { Referer: ENDPOINT }));
    expect(await thankYouPdf(response)).toBe(`${ORIGIN}/one-pager.pdf`);
    expect((await leadsIn(store))[0].pageUrl).toBe(PAGE);
  });

  it('a post from another site answers 403 and stores nothing; formOrigins lets a named site in', async () => {
    const { handler, store } = setup();
    expect((await handler(formPost(typed, { Origin: 'https://evil.example' }))).status).toBe(403);
    expect((await handler(formPost(typed, { Origin: 'null' }))).status).toBe(403);
    expect(await thankYouPdf(await handler(formPost(typed, { Origin: 'null', 'Sec-Fetch-Site': 'same-origin' })))).toBeDefined();
    expect(await leadsIn(store)).toHaveLength(1);
    const named = setup({ formOrigins: ['https://blog.example.org'] });
    expect(await thankYouPdf(await named.handler(formPost(typed, { Origin: 'https://blog.example.org' })))).toBeDefined();
    expect(() => setup({ formOrigins: ['https://blog.example.org/path'] })).toThrow(/formOrigins entry must be an absolute http\(s\) origin/);
  });

  it('a store that is down answers 503 with Retry-After and a page that keeps what was typed', async () => {
    const state = { mode: 'fail' as 'ok' | 'fail' | 'hang' };
    const { handler } = setup({ store: faultyStore(state) });
    const response = await handler(formPost(typed));
    expect(response.status).toBe(503);
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    const html = await response.text();
    expect(inputValue(html, fieldOf('email').name)).toBe('asha@example.com');
    state.mode = 'ok';
    expect(await thankYouPdf(await handler(formPost(typed)))).toBeDefined();
  });

  it('over the rate limit answers 429 with a page that keeps what was typed', async () => {
    const { handler } = setup({ rateLimit: { points: 1, durationSeconds: 60 } });
    const context = { clientAddress: '203.0.113.9' };
    expect(await thankYouPdf(await handler(formPost(typed), context))).toBeDefined();
    const response = await handler(formPost({ ...typed, [fieldOf('email').name]: 'ravi@example.com' }), context);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(inputValue(await response.text(), fieldOf('email').name)).toBe('ravi@example.com');
  });

  it('JSON posts are unchanged and another body type (not text/plain, an event) still answers 415 naming both', async () => {
    const { handler } = setup();
    const response = await handler(new Request(ENDPOINT, { method: 'POST', headers: { 'Content-Type': 'application/xml' }, body: '<x/>' }));
    expect(response.status).toBe(415);
    expect((await response.json()).message).toMatch(/application\/json.*application\/x-www-form-urlencoded/);
  });
});

describe('spam through the form without JavaScript', () => {
  const FORM = 'https://forms.example.com/f';
  const sendAt = (extra: Record<string, string>) => formPost({ ...typed, url: FORM, ...extra });
  it('a filled hidden field or a form sent a moment after it was rendered: the same thank-you page, stored as spam, never forwarded or exported', async () => {
    const { handler, store } = setup({ forwardAllowlist: [FORM] });
    const trapped = await handler(sendAt({ website: 'https://cheap-pills.example' }));
    const hasty = await handler(sendAt({ [fieldOf('email').name]: 'hasty@example.com', form_rendered_at: String(Date.now() - 300) }));
    const person = await handler(sendAt({ [fieldOf('email').name]: 'person@example.com', form_rendered_at: String(Date.now() - 20_000), website: '' }));
    const api = await handler(sendAt({ [fieldOf('email').name]: 'api@example.com' }));
    for (const response of [trapped, hasty, person, api]) {
      expect(await thankYouPdf(response)).toBe(`${ORIGIN}/one-pager.pdf`);
    }
    expect(await store.stats()).toEqual({ leads: 4, forwarded: 0, pending: 2, failed: 0, notForwarded: 0, spam: 2 });
    expect((await leadsIn(store)).map((lead) => lead.email).sort()).toEqual(['api@example.com', 'person@example.com']);
    const all = [];
    for await (const lead of store.exportLeads({ includeSpam: true })) all.push([lead.email, lead.spam]);
    expect(all).toContainEqual(['hasty@example.com', true]);
  });

  it('the page a 400 answers keeps the render time and an empty hidden field, out of sight and out of the tab order', async () => {
    const { handler } = setup();
    const html = await (await handler(formPost({ ...typed, [fieldOf('email').name]: 'asha', form_rendered_at: '1764000000000' }))).text();
    expect(inputValue(html, 'form_rendered_at')).toBe('1764000000000');
    expect(html).toMatch(
      /<div class="trap" aria-hidden="true"><label for="field-website">[^<]+<\/label><input id="field-website" name="website" type="text" tabindex="-1" autocomplete="off" value=""><\/div>/,
    );
  });
});

describe('the page a form post is answered with', () => {
  it('a good submit ends on a branded thank-you page: the PDF, the next step, the way back (issue 43)', async () => {
    const { handler } = setup();
    const links = {
      privacy_url: '/privacy',
      next_url: 'https://example.com/contact-sales',
      next_label: 'Talk to our team',
      next_text: 'Want to see what calling in the chat could do for your patients?',
    };
    const response = await handler(formPost({ ...typed, ...links }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const html = await response.text();
    expect(html).toContain('<header class="band"><h1>Thanks, Asha!</h1></header>');
    expect(html).toContain(`<a class="action" href="${ORIGIN}/one-pager.pdf">Open the PDF</a>`);
    expect(html).toContain(`<p>${links.next_text}</p><p><a class="action action--secondary" href="${links.next_url}">${links.next_label}</a></p>`);
    expect(html).toContain('Back to the case study');
    // No next step where the page gave none, and never a script: or data: address.
    const bare = await (await handler(formPost({ ...typed, [fieldOf('email').name]: 'ravi@example.com' }))).text();
    expect(bare).not.toContain('class="next"');
    const sneaky = await (await handler(formPost({ ...typed, next_url: 'javascript:alert(1)', next_label: 'x' }))).text();
    expect(sneaky).not.toContain('javascript:');
  });

  it('the 400 page: its problem in an error style (not the success green), the privacy line under the form, the links kept', async () => {
    const { handler } = setup();
    const html = await (
      await handler(formPost({ ...typed, [fieldOf('email').name]: 'asha', privacy_url: '/privacy', next_url: '/contact', next_label: 'Talk' }))
    ).text();
    expect(html).toMatch(/<p class="notice notice--error" role="alert">Check the fields marked below/);
    expect(html).toMatch(/\.notice--error \{[^}]*color: #a1231a/);
    expect(html).toContain(
      `<p class="privacy">We use your details to send you this case study and follow up about it, never for anything else. <a href="${ORIGIN}/privacy">Privacy notice</a></p></form>`,
    );
    expect(inputValue(html, 'next_url'), 'resolved against the page, kept for the next post').toBe(`${ORIGIN}/contact`);
    const without = await (await handler(formPost({ ...typed, [fieldOf('email').name]: 'asha' }))).text();
    expect(without).not.toContain('class="privacy"');
  });

  it('offers a way back to the page the form was on (only an http(s) address, escaped)', async () => {
    const { handler } = setup();
    const html = await (await handler(formPost({ ...typed, [fieldOf('email').name]: 'asha' }))).text();
    expect(html).toContain(`<p class="back"><a href="${PAGE.replace(/&/g, '&#38;')}">Back to the case study</a></p>`);
    const sneaky = await (await handler(formPost({ ...typed, [fieldOf('email').name]: 'asha' }, { Referer: 'javascript:alert(1)' }))).text();
    expect(sneaky).not.toContain('class="back"');
  });
});
