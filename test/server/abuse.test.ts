/**
 * Issue 41's abuse review, replayed against a real `serve` process: every gap it found, as a visitor
 * or a script would meet it. The lockout and the limiters keyed by one normalised client key (an
 * IPv6 /64, `::ffff:` addresses), a global cap on failed logins; no clean lead without a valid
 * token (and the PDF still reached without JavaScript); the beacon's origin and page rules, bounded
 * counts and one limiter; `TRUST_PROXY` that is not an address stops the start; /admin never reads
 * the leads table. Requests carry `X-Forwarded-For` from loopback, which `serve` trusts by default,
 * so each one comes from the address the test names.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, runCliRaw, startServeProcess, stats, type ServeProcess } from './processes.js';

const SITE = 'https://www.example.com';
const FORM = 'https://forms.example.com/f';
const API = '/api/download-case-study/';
const PASSWORD = 'correct horse battery staple';
const basic = (password: string) => `Basic ${Buffer.from(`marketer:${password}`).toString('base64')}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let work: string;

beforeAll(async () => {
  await buildServer();
  work = await mkdtemp(path.join(tmpdir(), 'abuse-'));
}, 180_000);
afterAll(() => rm(work, { recursive: true, force: true }));

async function serving(name: string, env: Record<string, string> = {}) {
  const db = path.join(work, `${name}.db`);
  const server = await startServeProcess({ LEADS_DB: db, CORS_ORIGINS: SITE, ADMIN_PASSWORD: PASSWORD, FORWARD_ALLOWLIST: FORM, ...env });
  return { server, db, stop: () => (server.child.kill('SIGTERM'), server.exited) };
}

const admin = (server: ServeProcess, from: string, password: string) =>
  fetch(`${server.origin}/admin/stats.json?days=7`, { headers: { Authorization: basic(password), 'X-Forwarded-For': from } }).then((r) => r.status);

describe('/admin sign-in', () => {
  let running: Awaited<ReturnType<typeof serving>>;
  beforeAll(async () => (running = await serving('admin')), 30_000);
  afterAll(() => running.stop());

  it('locks a whole IPv6 /64 after 5 wrong passwords, whichever of its addresses sent them', async () => {
    const statuses = [];
    for (let host = 1; host <= 6; host++) statuses.push(await admin(running.server, `2001:db8:41:1::${host}`, `wrong ${host}`));
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(await admin(running.server, '2001:db8:41:1::7', PASSWORD)).toBe(429);
    expect(await admin(running.server, '2001:db8:41:2::1', PASSWORD), 'another /64 is not locked').toBe(200);
  });

  it('locks 198.51.100.7 however it is written', async () => {
    for (let i = 0; i < 5; i++) expect(await admin(running.server, '198.51.100.7', `wrong ${i}`)).toBe(401);
    expect(await admin(running.server, '::ffff:198.51.100.7', PASSWORD)).toBe(429);
    expect(await admin(running.server, '::ffff:c633:6407', PASSWORD)).toBe(429);
  });

  it('stops every sign-in for a while once failures from many addresses pass a global cap', async () => {
    let last = 401;
    // Four wrong passwords each from fresh addresses (never one address's lockout): only the global cap can stop them.
    for (let n = 0; n < 40 && last === 401; n++) {
      for (let i = 0; i < 4 && last === 401; i++) last = await admin(running.server, `203.0.113.${n + 1}`, `guess ${n}.${i}`);
    }
    expect(last).toBe(429);
    expect(await admin(running.server, '192.0.2.200', PASSWORD), 'the right password from a fresh address waits too').toBe(429);
  });
});

/** The value of the input named `name` in a page. */
const inputValue = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1];
const typed = { 'First Name': 'Asha', 'Last Name': 'Rao', 'Work Email': 'asha@example.com', url: FORM };

describe('the no-JS form on serve', () => {
  let running: Awaited<ReturnType<typeof serving>>;
  beforeAll(async () => (running = await serving('form', { RATE_LIMIT_POINTS: '0' })), 30_000);
  afterAll(() => running.stop());
  const postForm = (fields: Record<string, string>) =>
    fetch(`${running.server.origin}${API}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SITE, Referer: `${SITE}/story/` },
      body: new URLSearchParams(fields).toString(),
    });

  it('takes no post without a token as a clean lead: it answers the form again with one, and that sends the lead', async () => {
    const future = String(Date.now() + 3_600_000);
    const pages = [];
    for (const renderedAt of [undefined, '1', future, String(Date.now() - 10_000)]) {
      const answer = await postForm({ ...typed, ...(renderedAt === undefined ? {} : { form_rendered_at: renderedAt }) });
      expect(answer.status, `form_rendered_at ${renderedAt}`).toBe(200);
      pages.push(await answer.text());
    }
    expect(stats({ LEADS_DB: running.db }), 'nothing stored, nothing queued for the CRM').toMatchObject({ leads: 0, pending: 0 });
    // The page keeps what was typed and carries a token: a person presses the button and gets the PDF.
    const page = pages[0]!;
    expect(inputValue(page, 'Work Email')).toBe('asha@example.com');
    const token = inputValue(page, 'lead_token');
    expect(token).toMatch(/^\d+\.[0-9a-f]{32}\.[0-9a-f]{64}$/);
    await sleep(1100);
    const sent = await postForm({ ...typed, page_url: inputValue(page, 'page_url') ?? '', lead_token: token! });
    expect(sent.status).toBe(200);
    expect(await sent.text()).toMatch(/<a class="action" href="[^"]+\.pdf"/);
    expect(stats({ LEADS_DB: running.db })).toMatchObject({ leads: 1, pending: 1, spam: 0 });
  });
});

describe('view and open beacons on serve', () => {
  let running: Awaited<ReturnType<typeof serving>>;
  beforeAll(async () => (running = await serving('beacons')), 30_000);
  afterAll(() => running.stop());
  const send = (body: object, { origin = SITE, from = '198.51.100.50', route = API } = {}) =>
    fetch(`${running.server.origin}${route}`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain;charset=UTF-8', 'X-Forwarded-For': from, ...(origin ? { Origin: origin } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.status);
  const view = (id: string, page = `${SITE}/story/`, campaign = 'spring') => ({ event: 'view', id, page_url: page, utm_source: 's', utm_campaign: campaign });
  const views = async () =>
    (
      (await (await fetch(`${running.server.origin}/admin/stats.json?days=7`, { headers: { Authorization: basic(PASSWORD) } })).json()) as {
        totals: { views: number };
      }
    ).totals.views;
  const counted = async () => {
    const { totals } = (await (await fetch(`${running.server.origin}/admin/stats.json?days=7`, { headers: { Authorization: basic(PASSWORD) } })).json()) as {
      totals: { views: number; opens: number };
    };
    return totals.views + totals.opens;
  };

  it('refuses Origin: null and pages on sites not in CORS_ORIGINS or PUBLIC_ORIGIN', async () => {
    const before = await views();
    expect(await send(view('null-origin-1'), { origin: 'null' })).toBe(403);
    expect(await send(view('other-site-1', 'https://elsewhere.example/story/'), { origin: '' })).toBe(403);
    expect(await send(view('other-site-2', 'https://elsewhere.example/story/'))).toBe(403);
    expect(await views()).toBe(before);
    expect(await send(view('listed-site-1'))).toBe(204);
    expect(await send(view('own-site-1', `${running.server.origin}/`), { origin: running.server.origin })).toBe(204);
    expect(await views()).toBe(before + 2);
  });

  it('counts at most 30 events a minute from one client: one limiter for views and opens, whatever its address spelling', async () => {
    const before = await counted();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      const id = `flood-${String(i).padStart(4, '0')}`;
      const event = i % 2 ? { ...view(id), event: 'open' } : view(id);
      // One client: its IPv4 address, and the same address as IPv6 maps it.
      statuses.push(await send(event, { from: i % 4 < 2 ? '198.51.100.60' : '::ffff:198.51.100.60' }));
    }
    expect(statuses.filter((status) => status === 204)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    expect(await counted()).toBe(before + 30);
  });

  it('shows at most the top 20 campaigns, the rest as one row, and keeps a bounded number of counts', async () => {
    for (let i = 0; i < 300; i++) {
      expect(await send(view(`campaign-${i}`, `${SITE}/story/`, `made-up-${i}`), { from: `192.0.2.${1 + Math.floor(i / 25)}` })).toBe(204);
    }
    const numbers = (await (await fetch(`${running.server.origin}/admin/stats.json?days=7`, { headers: { Authorization: basic(PASSWORD) } })).json()) as {
      campaigns: { utm_campaign?: string; other?: boolean; views: number }[];
    };
    expect(numbers.campaigns.length).toBeLessThanOrEqual(21);
    expect(numbers.campaigns.at(-1)).toMatchObject({ other: true });
    expect(numbers.campaigns.reduce((sum, row) => sum + row.views, 0)).toBe(await views());
    const db = new Database(running.db, { readonly: true });
    try {
      const rows = (db.prepare('SELECT count(*) AS n FROM daily_counts').get() as { n: number }).n;
      expect(rows, 'one day of made-up campaigns keeps a bounded number of rows').toBeLessThanOrEqual(260);
    } finally {
      db.close();
    }
  }, 60_000);
});

describe('/admin counts in the store', () => {
  it('answers its numbers without reading the leads table', async () => {
    const running = await serving('counts', { RATE_LIMIT_POINTS: '0' });
    try {
      const tokens: string[] = [];
      for (let i = 0; i < 3; i++) tokens.push(((await (await fetch(`${running.server.origin}${API}`)).json()) as { token: string }).token);
      await sleep(2600);
      for (const [i, token] of tokens.entries()) {
        const data = { 'First Name': 'Asha', 'Last Name': 'Rao', 'Work Email': `asha${i}@example.com`, utm_campaign: 'spring' };
        const answer = await fetch(`${running.server.origin}${API}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: SITE },
          body: JSON.stringify({ url: '', data, lead_token: token }),
        });
        expect(answer.status).toBe(200);
      }
      const db = new Database(running.db);
      db.exec('ALTER TABLE leads RENAME TO leads_hidden');
      db.close();
      const answer = await fetch(`${running.server.origin}/admin/stats.json?days=7`, { headers: { Authorization: basic(PASSWORD) } });
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { totals: { leads: number } }).totals.leads).toBe(3);
    } finally {
      await running.stop();
    }
  }, 30_000);
});

describe('TRUST_PROXY', () => {
  it('stops the start when an entry is not an address, a CIDR range, loopback or false, naming it', () => {
    for (const value of ['1', '127.1', '0x7f000001', 'true']) {
      const result = runCliRaw(['serve'], { LEADS_DB: path.join(work, 'trust.db'), PORT: '0', TRUST_PROXY: value });
      expect(result.status, `TRUST_PROXY=${value}: ${result.stdout}`).toBe(2);
      expect(result.stderr).toContain('TRUST_PROXY');
      expect(result.stderr).toContain(`"${value}"`);
    }
  }, 150_000);
});
