/**
 * Signed, time-bound spam tokens: a lead without a good one (missing, forged, too fast, too old,
 * replayed) is stored as spam, never forwarded, and answered exactly as a person's lead. A real
 * `serve` process on SQLite (JSON and the no-JS form) and the handler on PostgreSQL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBotCheck, TOKEN_MAX_AGE_MS } from '../../server/spam/token.js';
import { createLeadHandler, createPostgresStore } from '../../server/index.js';
import { MIN_FILL_MS } from '../../src/shared/bot-traps.js';
import { captureLogger, thankYouPdf } from './helpers.js';
import { buildServer, postgresForTests, runCli, startServeProcess, type ServeProcess } from './processes.js';

const API = '/api/download-case-study/';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const data = (email: string) => ({ 'First Name': 'Asha', 'Last Name': 'Rao', 'Work Email': email });

it('a token is good from MIN_FILL_MS after it was issued until TOKEN_MAX_AGE_MS, and only as signed', () => {
  let clock = 1_000_000;
  const check = createBotCheck('s'.repeat(32), () => clock);
  const token = check.issue();
  expect(check.verify(token)).toEqual({ ok: false, reason: 'too_fast' });
  clock += MIN_FILL_MS;
  expect(check.verify(token)).toMatchObject({ ok: true });
  expect(check.verify(token.replace(/.$/, (last) => (last === '0' ? '1' : '0')))).toEqual({ ok: false, reason: 'invalid' });
  expect(createBotCheck('t'.repeat(32), () => clock).verify(token)).toEqual({ ok: false, reason: 'invalid' });
  expect(check.verify(undefined)).toEqual({ ok: false, reason: 'missing' });
  clock += TOKEN_MAX_AGE_MS;
  expect(check.verify(token)).toEqual({ ok: false, reason: 'expired' });
});

describe('serve on SQLite', () => {
  let work: string;
  let server: ServeProcess;
  let db: string;
  beforeAll(async () => {
    await buildServer();
    work = await mkdtemp(path.join(tmpdir(), 'bot-token-'));
    db = path.join(work, 'leads.db');
    server = await startServeProcess({ LEADS_DB: db, RATE_LIMIT_POINTS: '0' });
  }, 180_000);
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    await rm(work, { recursive: true, force: true });
  });

  const token = async () => {
    const response = await fetch(`${server.origin}${API}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    return (await response.json()).token as string;
  };
  const sendJson = (email: string, lead_token?: string) =>
    fetch(`${server.origin}${API}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: '', data: data(email), ...(lead_token === undefined ? {} : { lead_token }) }),
    });
  const sendForm = (email: string, lead_token?: string) =>
    fetch(`${server.origin}${API}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.origin },
      body: new URLSearchParams({ ...data(email), ...(lead_token === undefined ? {} : { lead_token }) }),
    });
  const exported = () =>
    runCli(['export', '--format', 'ndjson', '--include-spam'], { LEADS_DB: db })
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { email: string; spam: boolean });

  it('stores a lead with a good token clean, and every bot variant as spam with the same answer', async () => {
    const [good, replayed, fast, formGood] = [await token(), await token(), undefined, await token()];
    await sleep(MIN_FILL_MS + 200);
    const clean = await sendJson('person@example.com', good);
    const variants = [
      await sendJson('none@example.com'),
      await sendJson('forged@example.com', `${Date.now() - 60_000}.${'0'.repeat(32)}.${'f'.repeat(64)}`),
      await sendJson('fast@example.com', fast ?? (await token())),
      await sendJson('first@example.com', replayed),
      await sendJson('replay@example.com', replayed),
      await sendJson('garbage@example.com', 'x'),
    ];
    const answer = { status: clean.status, body: await clean.json() };
    expect(answer).toEqual({ status: 200, body: { pdf_url: expect.stringMatching(/\.pdf$/) } });
    for (const variant of variants) expect({ status: variant.status, body: await variant.json() }).toEqual(answer);

    const formClean = await sendForm('form.person@example.com', formGood);
    // A forged token on the form is spam (a form without one is judged by the honeypot and fill time).
    const formBot = await sendForm('form.bot@example.com', 'forged.1.abc');
    const [cleanPdf, botPdf] = [await thankYouPdf(formClean), await thankYouPdf(formBot)];
    expect(cleanPdf).toMatch(/\.pdf$/);
    expect(botPdf).toBe(cleanPdf);

    const spam = Object.fromEntries(exported().map((lead) => [lead.email, lead.spam]));
    expect(spam).toEqual({
      'person@example.com': false,
      'none@example.com': true,
      'forged@example.com': true,
      'fast@example.com': true,
      'first@example.com': false,
      'replay@example.com': true,
      'garbage@example.com': true,
      'form.person@example.com': false,
      'form.bot@example.com': true,
    });
    expect(server.stdout()).not.toMatch(/person@example\.com|lead_token/);
  }, 30_000);

  it('keeps its generated secret across restarts: a token issued before still counts after', async () => {
    const before = await token();
    server.child.kill('SIGTERM');
    await server.exited;
    server = await startServeProcess({ LEADS_DB: db, RATE_LIMIT_POINTS: '0' });
    await sleep(MIN_FILL_MS);
    expect((await sendJson('after.restart@example.com', before)).status).toBe(200);
    expect(exported().find((lead) => lead.email === 'after.restart@example.com')?.spam).toBe(false);
  }, 30_000);
});

describe('the handler on PostgreSQL', () => {
  let postgres: Awaited<ReturnType<typeof postgresForTests>>;
  beforeAll(async () => {
    postgres = await postgresForTests();
  }, 120_000);
  afterAll(() => postgres?.stop());

  it('finds a replayed token in the lead transaction and never forwards it', async (context) => {
    if (!postgres.url) return context.skip();
    const FORM = 'https://forms.example.com/f';
    const store = await createPostgresStore({ connectionString: await postgres.newDatabase() });
    let clock = Date.now();
    const handler = createLeadHandler({
      pdfUrl: '/p.pdf',
      store,
      logger: captureLogger(),
      rateLimit: false,
      botCheck: true,
      forwardAllowlist: [FORM],
      now: () => clock,
      delivery: { loop: false },
    });
    const issued = (await (await handler(new Request('https://example.com/api'))).json()).token;
    clock += MIN_FILL_MS;
    const send = (email: string) =>
      handler(
        new Request('https://example.com/api', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ url: FORM, data: data(email), lead_token: issued }),
        }),
      );
    expect((await send('first@example.com')).status).toBe(200);
    expect((await send('second@example.com')).status).toBe(200);
    expect(await store.stats()).toMatchObject({ leads: 2, pending: 1, spam: 1 });
    await handler.close();
    await store.close();
  });
});
