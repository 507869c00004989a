/**
 * The CRM adapters in a real `redcliffe-leads serve` process, against the https stand-ins of
 * crm-stubs.ts (trusted through NODE_EXTRA_CA_CERTS): each CRM gets its format, Web-to-Lead's daily
 * limit holds a lead as pending, Marketo's 606 waits for back-off, HubSpot's consent error fails at
 * once, /admin names each in the CRM's words; and a malformed FORWARD_ALLOWLIST entry stops the start, named.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressOf, MARKETO_CLIENT, startCrmStubs } from './crm-stubs.js';
import { validData } from './helpers.js';
import { buildServer, goodTokens, runCliRaw, startServeProcess, type ServeProcess } from './processes.js';

const PASSWORD = 'correct horse battery';
let stubs: Awaited<ReturnType<typeof startCrmStubs>>;
let server: ServeProcess;
let work: string;

beforeAll(async () => {
  await buildServer();
  work = await mkdtemp(path.join(tmpdir(), 'rcs-crm-serve-'));
  stubs = await startCrmStubs({ secure: true });
  stubs.state.hubspot.gdpr = true;
  const { salesforce, marketo, hubspot } = stubs.destinations;
  server = await startServeProcess({
    LEADS_DB: path.join(work, 'leads.db'),
    NODE_EXTRA_CA_CERTS: stubs.certFile!,
    FORWARD_ALLOWLIST: [salesforce, marketo, hubspot].join(','),
    SALESFORCE_DAILY_LIMIT: '1',
    MARKETO_CLIENT_ID: MARKETO_CLIENT.id,
    MARKETO_CLIENT_SECRET: MARKETO_CLIENT.secret,
    HUBSPOT_SUBSCRIPTION_TYPE_ID: '4242',
    ADMIN_PASSWORD: PASSWORD,
  });
}, 300_000);
afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  await stubs?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** A person's lead for `entry`'s CRM, with a spam token old enough to count (goodTokens: each lead its own). */
const send = async (entry: string, data: Record<string, unknown>, token: string) => {
  return fetch(`${server.origin}/api/download-case-study/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ url: addressOf(entry), data: validData(data), lead_token: token }),
  });
};

async function until(check: () => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for the delivery loop:\n${server.stdout().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('serve forwarding to Salesforce, Marketo and HubSpot', () => {
  it('sends each CRM its format, holds what a daily limit stops, and /admin says why in the CRM words', async () => {
    const consent = { privacy_text: 'We use your details to send you this case study.', consent_text: 'Email me news.', consent: 'yes' };
    // Five leads, five tokens, aged together rather than one wait per lead.
    const tokens = await goodTokens(server.origin, 5);
    // Marketo's first answer is its rate limit, a 200 with success: false: the lead waits for back-off.
    const rateLimited = "Max rate limit '100' exceeded with in '20' secs";
    stubs.state.marketo.script.push({ status: 200, body: { requestId: 'e42b#1', success: false, errors: [{ code: '606', message: rateLimited }] } });
    for (const name of ['One', 'Two']) expect((await send(stubs.destinations.salesforce, { 'Last Name': name }, tokens.pop()!)).status).toBe(200);
    expect((await send(stubs.destinations.marketo, { 'Work Email': 'm@example.com' }, tokens.pop()!)).status).toBe(200);
    expect((await send(stubs.destinations.hubspot, consent, tokens.pop()!)).status).toBe(200);
    expect((await send(stubs.destinations.hubspot, { 'Work Email': 'no-consent@example.com' }, tokens.pop()!)).status).toBe(200);
    await until(() => stubs.state.salesforce.posts.length >= 1 && stubs.state.marketo.submissions.length >= 1 && stubs.state.hubspot.submissions.length >= 2);

    expect(stubs.state.salesforce.posts).toHaveLength(1);
    expect(stubs.state.salesforce.posts[0]).toMatchObject({ last_name: 'One', lead_source: 'redcliffe-labs' });
    expect(stubs.state.marketo.submissions[0]!.body).toMatchObject({ formId: 1029, input: [{ leadFormFields: { email: 'm@example.com' } }] });
    const consented = stubs.state.hubspot.submissions.find((body) => body.legalConsentOptions);
    expect(consented.legalConsentOptions.consent).toEqual({
      consentToProcess: true,
      text: consent.privacy_text,
      communications: [{ value: true, subscriptionTypeId: 4242, text: consent.consent_text }],
    });

    const auth = { Authorization: `Basic ${Buffer.from(`marketer:${PASSWORD}`).toString('base64')}` };
    let page = '';
    const end = Date.now() + 15_000;
    while (!(page.includes('MISSING_PROCESSING_CONSENT') && page.includes('marketo 606')) && Date.now() < end)
      page = await (await fetch(`${server.origin}/admin`, { headers: auth })).text();
    expect(page).toContain('Salesforce Web-to-Lead');
    expect(page).toMatch(/Waiting: 1; the next goes at [^<]*, held by Salesforce Web-to-Lead's daily limit: 1 leads a day\./);
    // Marketo's back-off, in Marketo's words (escaped as /admin writes every CRM's words).
    const marketo = new RegExp(`<h3>Marketo · [^<]*</h3>\\s*<ul><li>Sent: 0\\.</li><li>Waiting: 1; the next goes at [^<]*, after <q>([^<]*)</q>\\.</li>`);
    expect(marketo.exec(page)?.[1]?.replace(/&#39;/g, "'")).toBe(`marketo 606: ${rateLimited}`);
    expect(page).toContain('hubspot MISSING_PROCESSING_CONSENT: The form requires consent to process data.');
    // No personal data in the log.
    expect(server.stdout() + server.stderr()).not.toContain('no-consent@example.com');
  }, 60_000);
});

describe('FORWARD_ALLOWLIST at start-up', () => {
  it('stops serve on a malformed entry, naming it', () => {
    const entry = 'salesfarce:https://webto.salesforce.com/servlet/servlet.WebToLead?oid=00D000000000001';
    const result = runCliRaw(['serve'], { PORT: '0', LEADS_DB: path.join(work, 'refused.db'), FORWARD_ALLOWLIST: entry });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(`"${entry}" names no CRM this server knows`);
  }, 30_000);
});
