/**
 * SPAM_CHALLENGE=altcha: the token endpoint also hands out a proof-of-work challenge bound to the
 * token, and a JSON lead without its solution (missing, wrong, replayed, another token's) is stored
 * as spam, never queued for forwarding, and answered exactly as a solved one. Off by default. A real
 * `serve` process on SQLite; the challenge solved with altcha-lib as the element does.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_FILL_MS } from '../../src/shared/bot-traps.js';
import { createLeadHandler } from '../../server/index.js';
import { setup } from './helpers.js';
import { buildServer, runCli, runCliRaw, startServeProcess, type ServeProcess } from './processes.js';

const API = '/api/download-case-study/';
const FORM = 'https://forms.invalid/l/1/handler';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const data = (email: string) => ({ 'First Name': 'Asha', 'Last Name': 'Rao', 'Work Email': email });

beforeAll(() => buildServer(), 180_000);

describe('serve with SPAM_CHALLENGE=altcha', () => {
  let work: string;
  let server: ServeProcess;
  let db: string;
  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), 'spam-challenge-'));
    db = path.join(work, 'leads.db');
    server = await startServeProcess({ LEADS_DB: db, RATE_LIMIT_POINTS: '0', SPAM_CHALLENGE: 'altcha', FORWARD_ALLOWLIST: FORM });
  }, 60_000);
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    await rm(work, { recursive: true, force: true });
  });

  const issue = async () => (await (await fetch(`${server.origin}${API}`)).json()) as { token: string; challenge?: Challenge };
  const solve = async (challenge: Challenge) => {
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution).not.toBeNull();
    return { challenge, solution: solution! };
  };
  const send = (email: string, extra: Record<string, unknown>) =>
    fetch(`${server.origin}${API}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: FORM, data: data(email), ...extra }),
    });

  it('issues a challenge with each token, bound to it', async () => {
    const { token, challenge } = await issue();
    expect(challenge).toMatchObject({ parameters: { algorithm: 'SHA-256', data: { t: token.split('.')[1] } }, signature: expect.any(String) });
    expect(challenge!.parameters.expiresAt! * 1000).toBeGreaterThan(Date.now());
  });

  it('stores a solved lead clean and queues it; every unsolved variant as spam, never queued, with the same answer', async () => {
    const [good, bare, wrong, replayed, other] = await Promise.all([issue(), issue(), issue(), issue(), issue()]);
    const goodAltcha = await solve(good.challenge!);
    const replayAltcha = await solve(replayed.challenge!);
    const wrongAltcha = await solve(wrong.challenge!);
    wrongAltcha.solution = { ...wrongAltcha.solution, counter: wrongAltcha.solution.counter + 1, derivedKey: 'ab'.repeat(32) };
    await sleep(MIN_FILL_MS + 200);

    const clean = await send('person@example.com', { lead_token: good.token, altcha: goodAltcha });
    const variants = [
      await send('missing@example.com', { lead_token: bare.token }),
      await send('wrong@example.com', { lead_token: wrong.token, altcha: wrongAltcha }),
      await send('first@example.com', { lead_token: replayed.token, altcha: replayAltcha }),
      await send('replay@example.com', { lead_token: replayed.token, altcha: replayAltcha }),
      // A good solution with another token: the challenge is bound to the token it came with.
      await send('swapped@example.com', { lead_token: other.token, altcha: goodAltcha }),
      await send('garbage@example.com', { lead_token: other.token, altcha: 'x' }),
    ];
    const answer = { status: clean.status, body: await clean.json() };
    expect(answer).toEqual({ status: 200, body: { pdf_url: expect.stringMatching(/\.pdf$/) } });
    for (const variant of variants) expect({ status: variant.status, body: await variant.json() }).toEqual(answer);

    const leads = runCli(['export', '--format', 'ndjson', '--include-spam'], { LEADS_DB: db })
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { email: string; spam: boolean });
    expect(Object.fromEntries(leads.map((lead) => [lead.email, lead.spam]))).toEqual({
      'person@example.com': false,
      'missing@example.com': true,
      'wrong@example.com': true,
      'first@example.com': false,
      'replay@example.com': true,
      'swapped@example.com': true,
      'garbage@example.com': true,
    });
    // The two clean leads are in the outbox (forms.invalid never answers, so they wait); spam never is.
    const stats = JSON.parse(runCli(['stats'], { LEADS_DB: db })) as Record<string, number>;
    expect(stats.spam).toBe(5);
    expect(stats.pending! + stats.forwarded! + stats.failed!).toBe(2);
  }, 60_000);

  it('takes a no-JS form post with a good token and no solution (judged by its other checks)', async () => {
    const { token } = await issue();
    await sleep(MIN_FILL_MS + 100);
    const response = await fetch(`${server.origin}${API}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.origin },
      body: new URLSearchParams({ ...data('form.person@example.com'), lead_token: token }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('.pdf"');
    const leads = runCli(['export', '--format', 'ndjson', '--include-spam'], { LEADS_DB: db });
    expect(leads).toMatch(/"email":"form\.person@example\.com"[^\n]*"spam":false|"spam":false[^\n]*"email":"form\.person@example\.com"/);
  }, 30_000);
});

describe('serve by default', () => {
  it('issues no challenge', async () => {
    const work = await mkdtemp(path.join(tmpdir(), 'spam-challenge-off-'));
    const server = await startServeProcess({ LEADS_DB: path.join(work, 'leads.db') });
    try {
      const body = (await (await fetch(`${server.origin}${API}`)).json()) as Record<string, unknown>;
      expect(Object.keys(body)).toEqual(['token']);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await rm(work, { recursive: true, force: true });
    }
  }, 60_000);
});

it('refuses to start with an unknown SPAM_CHALLENGE, naming the setting and its values', () => {
  const result = runCliRaw(['serve'], { SPAM_CHALLENGE: 'hcaptcha', PORT: '0' });
  expect(result.status).not.toBe(0);
  expect(result.stderr).toMatch(/SPAM_CHALLENGE must be altcha, or unset for no challenge \(got "hcaptcha"\)/);
});

describe('createLeadHandler({ spamChallenge })', () => {
  it('refuses an unknown value, naming the option and its values', () => {
    expect(() => createLeadHandler({ pdfUrl: '/p.pdf', spamChallenge: 'pow' as 'altcha' })).toThrow(/spamChallenge must be one of altcha \(got "pow"\)/);
  });

  it('turns the token on, and a challenge solved past its 10 minutes is spam', async () => {
    let clock = Date.now();
    const { handler, store } = setup({ spamChallenge: 'altcha', now: () => clock });
    const issue = async () => (await (await handler(new Request('https://example.com/api'))).json()) as { token: string; challenge: Challenge };
    const send = async (email: string, issued: { token: string; challenge: Challenge }) => {
      const solution = await solveChallenge({ challenge: issued.challenge, deriveKey });
      return handler(
        new Request('https://example.com/api', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ url: '', data: data(email), lead_token: issued.token, altcha: { challenge: issued.challenge, solution } }),
        }),
      );
    };
    const [fresh, stale] = [await issue(), await issue()];
    clock += MIN_FILL_MS;
    expect((await send('fresh@example.com', fresh)).status).toBe(200);
    clock += 10 * 60 * 1000 + 1000;
    expect((await send('stale@example.com', stale)).status).toBe(200);
    expect(await store.stats()).toMatchObject({ leads: 2, spam: 1 });
    await handler.close();
  }, 30_000);
});
