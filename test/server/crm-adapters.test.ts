/**
 * Each CRM adapter against a local stand-in that answers as the CRM's documentation says
 * (crm-stubs.ts), through a handler in this process with a clock the test moves: the wire formats,
 * and each CRM's traps (Web-to-Lead's 200 on a dropped lead and its daily limit, Marketo's 200 with
 * `success: false` and its rate limits, HubSpot's consent errors).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStore, createPostgresStore, createSqliteStore, type LeadHandlerOptions, type LeadStore } from '../../server/index.js';
import { addressOf, HUBSPOT_FORM, MARKETO_CLIENT, ORG_ID, startCrmStubs } from './crm-stubs.js';
import { post, setup, validData } from './helpers.js';
import { postgresForTests } from './processes.js';

let stubs: Awaited<ReturnType<typeof startCrmStubs>>;
let work: string;
let postgres: Awaited<ReturnType<typeof postgresForTests>>;
beforeAll(async () => {
  stubs = await startCrmStubs({ secure: false });
  work = await mkdtemp(path.join(tmpdir(), 'rcs-crm-adapters-'));
  postgres = await postgresForTests();
}, 120_000);
afterAll(async () => {
  await stubs.close();
  await postgres?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

const PRIVACY = 'We use your details to send you this case study and follow up about it, never for anything else.';
const BOX = 'Send me news about WhatsApp Calling by email.';
const HOUR = 60 * 60 * 1000;

/** A handler forwarding to the stubs, with its own clock; `send` posts one lead to an entry's address (the first's by default). */
function crmHandler(entry: string | string[], options: Partial<LeadHandlerOptions> = {}) {
  const entries = [entry].flat();
  const clock = { now: 1_800_000_000_000 };
  const made = setup({
    forwardAllowlist: entries,
    fetch: stubs.fetchVia,
    now: () => clock.now,
    allowShortTimes: true,
    ...options,
    delivery: { initialDelayMs: 1000, maxDelayMs: 1000, marketo: { clientId: MARKETO_CLIENT.id, clientSecret: MARKETO_CLIENT.secret }, ...options.delivery },
  });
  const send = async (data: Record<string, unknown> = {}, to = entries[0]!) => {
    const response = await made.handler(post(JSON.stringify({ url: addressOf(to), data: validData(data) })));
    expect(response.status).toBe(200);
  };
  /** The first destination's, or `to`'s. */
  const health = async (to = entries[0]!) => (await made.store.destinations()).find((destination) => destination.url === addressOf(to))!;
  return { ...made, clock, send, health };
}

describe('Salesforce Web-to-Lead', () => {
  it('posts the form fields Web-to-Lead takes: org ID, names, email, lead source and the mapped custom fields', async () => {
    const { handler, send, store, clock } = crmHandler(stubs.destinations.salesforce.replace(`&oid=${ORG_ID}`, ''), {
      delivery: { salesforce: { oid: ORG_ID, fields: { utm_campaign: '00N5g00000CAMPA', consent: '00N5g00000CONSE', received_at: '00N5g00000WHENX' } } },
    });
    const receivedAt = new Date(clock.now).toISOString();
    const before = stubs.state.salesforce.posts.length;
    await send({
      utm_campaign: 'spring',
      consent_text: BOX,
      privacy_text: PRIVACY,
      consent: 'yes',
      page_url: 'https://example.com/story/?utm_campaign=spring',
    });
    await handler.deliver();
    expect(stubs.state.salesforce.posts.slice(before)).toEqual([
      {
        oid: ORG_ID,
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: 'ada@example.com',
        lead_source: 'redcliffe-labs',
        '00N5g00000CAMPA': 'spring',
        '00N5g00000CONSE': 'yes',
        // The proof of consent's time: when the lead came.
        '00N5g00000WHENX': receivedAt,
      },
    ]);
    expect(stubs.state.salesforce.kept.at(-1)).toMatchObject({ email: 'ada@example.com' });
    expect(await store.stats()).toMatchObject({ forwarded: 1 });
  });

  it('a lead Web-to-Lead drops still gets its 200: said as sent, never confirmed; what would surely be dropped is refused before sending', async () => {
    const { handler, send, store, health, logger } = crmHandler(stubs.destinations.salesforce);
    stubs.state.salesforce.validationRule = (lead) => !lead.email!.endsWith('@blocked.example');
    const kept = stubs.state.salesforce.kept.length;
    const posted = stubs.state.salesforce.posts.length;
    await send({ 'Work Email': 'ada@blocked.example' }); // the org's validation rule drops it, with the same 200
    await send({ 'Work Email': `${'a'.repeat(75)}@example.com` }); // 87 characters: no Lead keeps it
    await handler.deliver();
    stubs.state.salesforce.validationRule = () => true;
    expect(stubs.state.salesforce.posts.length - posted).toBe(1);
    expect(stubs.state.salesforce.kept.length).toBe(kept);
    expect(await store.stats()).toMatchObject({ forwarded: 1, failed: 1, pending: 0 });
    expect(await health()).toMatchObject({
      adapter: 'salesforce',
      sent: 1,
      failed: 1,
      failures: [{ error: 'salesforce: the email is longer than the 80 characters a Salesforce lead keeps', count: 1 }],
    });
    expect(logger.lines.join('\n')).not.toContain('blocked.example');
  });
});

/** Each store the daily limit is counted in: every one must release a held lead exactly 24 h on. */
let files = 0;
const STORES: { name: string; available: () => boolean; open: () => Promise<LeadStore> }[] = [
  { name: 'memory', available: () => true, open: async () => createMemoryStore() },
  { name: 'SQLite', available: () => true, open: () => createSqliteStore({ file: path.join(work, `crm-${files++}.db`) }) },
  {
    name: 'PostgreSQL',
    available: () => Boolean(postgres.url),
    open: async () => createPostgresStore({ connectionString: await postgres.newDatabase(), timeoutMs: 2000 }),
  },
];

/** A stored lead's id, by its last name. */
async function idOf(store: LeadStore, lastName: string): Promise<string> {
  for await (const lead of store.exportLeads()) if (lead.lastName === lastName) return lead.id;
  throw new Error(`no lead ${lastName}`);
}

describe.each(STORES)("Web-to-Lead's daily limit, on the $name store", (engine) => {
  let store: LeadStore | undefined;
  const opened = async (context: { skip: () => void }) => {
    if (!engine.available()) context.skip();
    return (store = await engine.open());
  };
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  it('holds the leads past the daily limit as pending, never failed, and sends them as the 24 h window allows', async (context) => {
    const { handler, send, clock, health } = crmHandler(stubs.destinations.salesforce, {
      store: await opened(context),
      delivery: { salesforce: { dailyLimit: 2 } },
    });
    const posted = stubs.state.salesforce.posts.length;
    const firstSent = clock.now;
    for (const name of ['One', 'Two', 'Three']) {
      await send({ 'Last Name': name });
      await handler.deliver();
      clock.now += 60_000;
    }
    expect(stubs.state.salesforce.posts.length - posted).toBe(2);
    expect(await store!.stats()).toMatchObject({ forwarded: 2, pending: 1, failed: 0 });
    expect(await health()).toMatchObject({ sent: 2, pending: 1, next: { at: firstSent + 24 * HOUR, held: 'daily limit: 2 leads a day', lastError: null } });
    clock.now += 23 * HOUR;
    await handler.deliver();
    expect(stubs.state.salesforce.posts.length - posted).toBe(2);
    clock.now = firstSent + 24 * HOUR;
    await handler.deliver();
    expect(stubs.state.salesforce.posts.length - posted).toBe(3);
    expect(stubs.state.salesforce.posts.at(-1)).toMatchObject({ last_name: 'Three' });
    expect(await store!.stats()).toMatchObject({ forwarded: 3, pending: 0, failed: 0 });
    expect((await store!.attempts(await idOf(store!, 'Three'))).map((attempt) => attempt.attempt)).toEqual([1]);
  });

  it("counts the limit per org, as Salesforce does: two addresses of one org share it, another org's address has its own", async (context) => {
    const byOid = stubs.destinations.salesforce;
    const bySetting = byOid.replace(`&oid=${ORG_ID}`, ''); // the org from SALESFORCE_OID
    const otherOrg = byOid.replace(ORG_ID, '00D5g000004Othr');
    const { handler, send, clock, health } = crmHandler([byOid, bySetting, otherOrg], {
      store: await opened(context),
      delivery: { salesforce: { oid: ORG_ID, dailyLimit: 2 } },
    });
    const posted = stubs.state.salesforce.posts.length;
    const firstSent = clock.now;
    await send({ 'Last Name': 'One' }, byOid);
    await handler.deliver();
    clock.now += 60_000;
    await send({ 'Last Name': 'Two' }, bySetting);
    await handler.deliver();
    clock.now += 60_000;
    await send({ 'Last Name': 'Three' }, byOid);
    await send({ 'Last Name': 'Four' }, bySetting);
    await send({ 'Last Name': 'Five' }, otherOrg);
    await handler.deliver();
    expect(stubs.state.salesforce.posts.slice(posted).map((lead) => lead.last_name)).toEqual(['One', 'Two', 'Five']);
    const held = { sent: 1, pending: 1, next: { at: firstSent + 24 * HOUR, held: 'daily limit: 2 leads a day' } };
    expect(await health(byOid)).toMatchObject(held);
    expect(await health(bySetting)).toMatchObject(held);
    expect(await health(otherOrg)).toMatchObject({ sent: 1, pending: 0 });
  });

  it('does not count the time a lead was held against giving up: a held lead meets a transient error with its whole time ahead', async (context) => {
    const { handler, send, clock, health } = crmHandler(stubs.destinations.salesforce, {
      store: await opened(context),
      delivery: { salesforce: { dailyLimit: 1 }, giveUpAfterMs: 2 * HOUR },
    });
    const firstSent = clock.now;
    await send({ 'Last Name': 'One' });
    await handler.deliver();
    clock.now += 60_000;
    await send({ 'Last Name': 'Two' });
    await handler.deliver();
    expect(await health()).toMatchObject({ pending: 1, next: { at: firstSent + 24 * HOUR, held: 'daily limit: 1 leads a day' } });
    // Released a day on, 22 h past its 2 h to be delivered: one 503 is tried again, never given up at once.
    clock.now = firstSent + 24 * HOUR;
    stubs.state.salesforce.script.push(503);
    await handler.deliver();
    expect(await store!.stats()).toMatchObject({ forwarded: 1, pending: 1, failed: 0 });
    expect(await health()).toMatchObject({ pending: 1, next: { held: null, lastError: 'status 503' } });
    // The time it has been tried does count: 2 h of 503s from its release, and it is given up.
    clock.now = firstSent + 26 * HOUR;
    stubs.state.salesforce.script.push(503);
    await handler.deliver();
    expect(await store!.stats()).toMatchObject({ forwarded: 1, pending: 0, failed: 1 });
    expect((await store!.attempts(await idOf(store!, 'Two'))).map((attempt) => attempt.httpStatus)).toEqual([503, 503]);
  });
});

describe('Marketo', () => {
  it("submits the form (formId, programId, the lead's fields, the page, the _mkto_trk cookie) with one token until it expires", async () => {
    const entry = `${stubs.destinations.marketo}&programId=2001`;
    const { handler, send, store, clock } = crmHandler(entry, {
      delivery: {
        marketo: {
          clientId: MARKETO_CLIENT.id,
          clientSecret: MARKETO_CLIENT.secret,
          fields: { utm_source: 'leadSource', consent: 'consent', received_at: 'consentAt' },
        },
      },
    });
    const receivedAt = new Date(clock.now).toISOString();
    const tokens = stubs.state.marketo.tokensIssued;
    const before = stubs.state.marketo.submissions.length;
    await send({
      page_url: 'https://example.com/story/?utm_source=news&utm_campaign=spring',
      utm_source: 'news',
      mkto_trk: 'id:123-ABC-456&token:_mch-example.com-1594662481190-60776',
      privacy_text: PRIVACY,
      consent_text: BOX,
      consent: 'yes',
    });
    // Both in one pass, sent at once: they wait for one token fetch.
    await send({ 'Work Email': 'grace@example.com' });
    await handler.deliver();
    // Found by address: in either order.
    const sent = stubs.state.marketo.submissions.slice(before);
    const first = sent.find((submission) => submission.body.input[0].leadFormFields.email === 'ada@example.com');
    const second = sent.find((submission) => submission.body.input[0].leadFormFields.email === 'grace@example.com');
    expect(first!.auth).toMatch(/^Bearer stub-token-\d+:ab$/);
    expect(first!.body).toEqual({
      formId: 1029,
      programId: 2001,
      input: [
        {
          leadFormFields: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', leadSource: 'news', consent: 'yes', consentAt: receivedAt },
          visitorData: { pageURL: 'https://example.com/story/', queryString: 'utm_source=news&utm_campaign=spring' },
          cookie: 'id:123-ABC-456&token:_mch-example.com-1594662481190-60776',
        },
      ],
    });
    expect(second!.body.input[0]).not.toHaveProperty('cookie');
    expect(second!.auth).toBe(first!.auth);
    expect(stubs.state.marketo.tokensIssued - tokens).toBe(1);
    expect(await store.stats()).toMatchObject({ forwarded: 2 });
    // An hour on, the token has expired: a new one.
    clock.now += HOUR;
    await send({ 'Work Email': 'hedy@example.com' });
    await handler.deliver();
    expect(stubs.state.marketo.tokensIssued - tokens).toBe(2);
    expect(await store.stats()).toMatchObject({ forwarded: 3 });
  });

  it('never takes a 200 with success:false as delivered: 601/602 get a new token at once, 606/615 wait for back-off, a 1xxx fails at once in its words', async () => {
    const { handler, send, store, clock, health, logger } = crmHandler(stubs.destinations.marketo);
    await send();
    await handler.deliver();
    expect(await store.stats()).toMatchObject({ forwarded: 1 });

    // The token expires at Marketo (602) before ours says so: a new token, and the lead goes in the same attempt.
    for (const token of stubs.state.marketo.tokens.keys()) stubs.state.marketo.tokens.set(token, 0);
    const tokens = stubs.state.marketo.tokensIssued;
    await send({ 'Work Email': 'b@example.com' });
    await handler.deliver();
    expect(stubs.state.marketo.tokensIssued - tokens).toBe(1);
    expect(await store.stats()).toMatchObject({ forwarded: 2 });
    expect(await store.attempts(store.leads[1]!.id)).toHaveLength(1);

    const busy = (code: string, message: string) => ({ status: 200, body: { requestId: 'x', success: false, errors: [{ code, message }] } });
    stubs.state.marketo.script.push(busy('606', "Max rate limit '100' exceeded with in '20' secs"), busy('615', 'Concurrent access limit reached'));
    await send({ 'Work Email': 'c@example.com' });
    await handler.deliver();
    expect(await store.stats()).toMatchObject({ forwarded: 2, pending: 1 });
    expect(await health()).toMatchObject({ pending: 1, next: { held: null, lastError: "marketo 606: Max rate limit '100' exceeded with in '20' secs" } });
    clock.now += 2000;
    await handler.deliver();
    expect(await health()).toMatchObject({ pending: 1, next: { lastError: 'marketo 615: Concurrent access limit reached' } });
    clock.now += 2000;
    await handler.deliver();
    expect(await store.stats()).toMatchObject({ forwarded: 3, pending: 0 });

    // A field Marketo refuses: skipped, with a 1xxx reason. Never retried, said in Marketo's words on /admin, its code alone in the log.
    stubs.state.marketo.script.push({
      status: 200,
      body: {
        requestId: 'y',
        success: true,
        result: [{ status: 'skipped', reasons: [{ code: '1003', message: "Invalid value 'd@example.com' for field 'email'" }] }],
      },
    });
    await send({ 'Work Email': 'd@example.com' });
    await handler.deliver();
    expect(await store.stats()).toMatchObject({ forwarded: 3, failed: 1, pending: 0 });
    expect((await health()).failures).toEqual([{ error: "marketo 1003: Invalid value 'd@example.com' for field 'email'", count: 1 }]);
    expect(logger.lines.join('\n')).toMatch(/marketo 1003/);
    expect(logger.lines.join('\n')).not.toContain('d@example.com');
  });

  it('keeps to 10 calls at once and 100 per 20 s: the rest wait in the outbox, then go', async () => {
    const { handler, send, store, health, clock } = crmHandler(stubs.destinations.marketo, { delivery: { concurrency: 50 } });
    stubs.state.marketo.calls = [];
    stubs.state.marketo.mostAtOnce = 0;
    stubs.state.marketo.delayMs = 20;
    await Promise.all(Array.from({ length: 101 }, (_, i) => send({ 'Work Email': `lead-${i}@example.com` })));
    await handler.deliver();
    stubs.state.marketo.delayMs = 0;
    expect(stubs.state.marketo.mostAtOnce).toBeLessThanOrEqual(10);
    expect(stubs.state.marketo.mostAtOnce).toBe(10);
    expect(await store.stats()).toMatchObject({ forwarded: 100, pending: 1, failed: 0 });
    const { next } = await health();
    expect(next).toMatchObject({ held: 'rate limit: 100 calls per 20 s' });
    expect(next!.at - clock.now).toBeGreaterThan(0);
    expect(next!.at - clock.now).toBeLessThanOrEqual(20_000);
  }, 20_000);
});

describe('HubSpot', () => {
  const hubspotEntry = () => stubs.destinations.hubspot;

  it("carries the lead's consent as legalConsentOptions: processing with the privacy line shown, the box as a communication", async () => {
    const { handler, send, store } = crmHandler(hubspotEntry(), { delivery: { hubspotSubscriptionTypeId: '4242' } });
    stubs.state.hubspot.gdpr = true;
    const before = stubs.state.hubspot.submissions.length;
    await send({ privacy_text: PRIVACY, consent_text: BOX, consent: 'no' });
    await handler.deliver();
    expect(stubs.state.hubspot.submissions[before].legalConsentOptions).toEqual({
      consent: { consentToProcess: true, text: PRIVACY, communications: [{ value: false, subscriptionTypeId: 4242, text: BOX }] },
    });
    expect(await store.stats()).toMatchObject({ forwarded: 1 });
  });

  it('fails at once on its consent errors, with the errorType, in /admin and the log', async () => {
    const { handler, send, store, health, logger } = crmHandler(hubspotEntry());
    stubs.state.hubspot.gdpr = true;
    await send(); // no privacy line was shown: nothing to claim consent with
    await handler.deliver();
    expect(await store.stats()).toMatchObject({ failed: 1, pending: 0 });
    expect((await store.attempts(store.leads[0]!.id)).map((attempt) => attempt.httpStatus)).toEqual([400]);
    expect((await health()).failures).toEqual([{ error: 'hubspot MISSING_PROCESSING_CONSENT: The form requires consent to process data.', count: 1 }]);
    expect(logger.lines.join('\n')).toMatch(/hubspot MISSING_PROCESSING_CONSENT/);
  });
  it.each([
    ['INVALID_EMAIL', "Error in 'fields.email'. Invalid email address"],
    ['FORM_HAS_RECAPTCHA_ENABLED', 'This form has reCAPTCHA enabled, so it cannot take submissions through the API.'],
  ])('fails at once on a 400 %s, tried once, with the errorType on /admin and alone in the log', async (errorType, message) => {
    const { handler, send, store, health, logger, clock } = crmHandler(hubspotEntry());
    stubs.state.hubspot.script.push({
      status: 400,
      body: { status: 'error', message: 'The request is not valid', correlationId: 'c0ffee', errors: [{ message, errorType }] },
    });
    await send({ 'Work Email': 'ada@blocked.example' });
    await handler.deliver();
    clock.now += 2 * HOUR;
    await handler.deliver();
    expect(await store.stats()).toMatchObject({ failed: 1, pending: 0, forwarded: 0 });
    expect((await store.attempts(store.leads[0]!.id)).map((attempt) => attempt.httpStatus)).toEqual([400]);
    expect((await health()).failures).toEqual([{ error: `hubspot ${errorType}: ${message}`, count: 1 }]);
    expect(logger.lines.join('\n')).toContain(`hubspot ${errorType}`);
    expect(logger.lines.join('\n')).not.toContain('blocked.example');
  });
});

describe('FORWARD_ALLOWLIST entries (forwardAllowlist)', () => {
  const WEB_TO_LEAD = `https://webto.salesforce.com/servlet/servlet.WebToLead?encoding=UTF-8&oid=${ORG_ID}`;
  const MARKETO = 'https://123-ABC-456.mktorest.com/rest/v1/leads/submitForm.json?formId=1029';
  const HUBSPOT = `https://api.hsforms.com/submissions/v3/integration/submit/${HUBSPOT_FORM}`;
  const marketo = { clientId: 'id', clientSecret: 'secret' };

  it("name their CRM by prefix, or by a well-known host; a lead's url is the address after the prefix", async () => {
    const entries = [WEB_TO_LEAD, MARKETO, HUBSPOT, 'https://forms.example.com/f', `hubspot:https://proxy.example.com${new URL(HUBSPOT).pathname}`];
    const { handler, store } = setup({ forwardAllowlist: entries, delivery: { marketo }, fetch: async () => new Response(null, { status: 503 }) });
    for (const url of [WEB_TO_LEAD, MARKETO, HUBSPOT, 'https://forms.example.com/f', `https://proxy.example.com${new URL(HUBSPOT).pathname}`]) {
      expect((await handler(post(JSON.stringify({ url, data: validData() })))).status).toBe(200);
    }
    expect((await handler(post(JSON.stringify({ url: `hubspot:${HUBSPOT}`, data: validData() })))).status).toBe(400);
    expect((await store.destinations()).map((destination) => destination.adapter).sort()).toEqual(['hubspot', 'hubspot', 'json', 'marketo', 'salesforce']);
  });

  it.each([
    ['salesfarce:https://webto.salesforce.com/servlet/servlet.WebToLead', /"salesfarce:https:\/\/webto\.salesforce\.com[^"]*" names no CRM/],
    ['constructor:https://webto.salesforce.com/servlet/servlet.WebToLead', /"constructor:https:[^"]*" names no CRM/],
    ['toString:https://forms.example.com/f', /"toString:https:\/\/forms\.example\.com\/f" names no CRM/],
    ['http://webto.salesforce.com/servlet/servlet.WebToLead', /is not an absolute https: URL/],
    ['https://webto.salesforce.com/servlet/servlet.WebToLead?encoding=UTF-8', /needs your org ID.*SALESFORCE_OID/],
    ['salesforce:https://webto.salesforce.com/servlet/servlet.WebToLead?oid=00D123', /"00D123" is not a Salesforce org ID/],
    ['https://123-ABC-456.mktorest.com/rest/v1/leads/submitForm.json', /needs \?formId=<digits>/],
    ['marketo:https://123-ABC-456.mktorest.com/rest/v1/leads.json?formId=1', /a Marketo form is https:/],
    ['https://api.hsforms.com/submissions/v3/integration/submit/123456', /a HubSpot form is https:/],
  ])('a malformed entry stops creation, naming it: %s', (entry, problem) => {
    expect(() => setup({ forwardAllowlist: [entry], delivery: { marketo } })).toThrow(problem);
    expect(() => setup({ forwardAllowlist: [entry], delivery: { marketo } })).toThrow(entry.split('?')[0]);
  });

  it.each(['receivedAt', 'constructor', 'company'])('a CRM field map names lead columns only (received_at among them), never %s', (column) => {
    const stray = new RegExp(`delivery\\.salesforce\\.fields maps "${column}", which is not a lead column \\(first_name, .*, received_at\\)`);
    expect(() => setup({ delivery: { salesforce: { fields: { [column]: '00N5g00000ABCDE' } } } })).toThrow(stray);
  });

  it("Marketo's credentials are needed before any lead is taken", () => {
    expect(() => setup({ forwardAllowlist: [MARKETO] })).toThrow(/MARKETO_CLIENT_ID and MARKETO_CLIENT_SECRET/);
  });
});
