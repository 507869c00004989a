/**
 * Issue 29 on a real `serve` process: story events counted (duplicates and bad events not), the
 * marketer's numbers on /admin/stats.json matching what was sent, /admin behind HTTP Basic (401,
 * then 429), 404 without ADMIN_PASSWORD, hostile utm values escaped, erasure refused from another
 * origin and done from the page, the CSV export. On SQLite, and on PostgreSQL.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, goodTokens, postgresForTests, startServeProcess, type ServeProcess } from './processes.js';

const SITE = 'https://blog.example.com';
const LEAD_PATH = '/api/download-case-study/';
const PASSWORD = 'correct horse battery staple';
const HOSTILE = '<script>alert(1)</script>"onload="x';
const auth = (password = PASSWORD) => ({ Authorization: `Basic ${Buffer.from(`marketer:${password}`).toString('base64')}` });
let work: string;

beforeAll(async () => {
  await buildServer();
  work = await mkdtemp(path.join(tmpdir(), 'admin-'));
}, 180_000);
afterAll(() => rm(work, { recursive: true, force: true }));

/** A second story on the site (not the default one): counted apart, by its id. */
const OTHER_STORY = 'harbour-freight';

/** What the element posts: text/plain to its lead endpoint. */
const beacon = (origin: string, body: unknown, type = 'text/plain;charset=UTF-8') =>
  fetch(`${origin}${LEAD_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': type, Origin: SITE },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const event = (type: 'view' | 'open', id: string, campaign: string, source: string, story?: string) => ({
  event: type,
  ...(story ? { story } : {}),
  id,
  page_url: `${SITE}/story/?utm_campaign=${encodeURIComponent(campaign)}&email=someone@example.com#top`,
  utm_source: source,
  utm_campaign: campaign,
});
const lead = (email: string, campaign: string, source: string, token?: string, story?: string) =>
  JSON.stringify({
    url: '',
    ...(story ? { story } : {}),
    ...(token ? { lead_token: token } : {}),
    data: {
      'First Name': 'Asha',
      'Last Name': 'Rao',
      'Work Email': email,
      page_url: `${SITE}/story/`,
      referrer: '',
      utm_source: source,
      utm_medium: '',
      utm_campaign: campaign,
      utm_term: '',
      utm_content: '',
    },
  });
type Counts = { views: number; opens: number; leads: number };
const stats = async (origin: string, days = 7): Promise<{ totals: Counts & { spam: number }; days: ({ date: string } & Counts)[] }> => {
  const response = await fetch(`${origin}/admin/stats.json?days=${days}`, { headers: auth() });
  expect(response.status).toBe(200);
  return response.json() as never;
};

/** Sends views, opens (with duplicates and bad events) and leads, and checks the numbers add up exactly. */
async function countsMatch(server: ServeProcess) {
  const { origin } = server;
  const sent: Response[] = [];
  // 5 views: 3 from "spring" (newsletter), 2 from the hostile campaign (x); 2 of them sent twice.
  // One hostile view is of a second story, on the same page's other element.
  const views = [
    ['v-000001', 'spring', 'newsletter'],
    ['v-000002', 'spring', 'newsletter'],
    ['v-000003', 'spring', 'newsletter'],
    ['v-000004', HOSTILE, 'x'],
    ['v-000005', HOSTILE, 'x', OTHER_STORY],
  ] as const;
  for (const [id, campaign, source, story] of views) sent.push(await beacon(origin, event('view', id, campaign, source, story)));
  // The same page loads again: duplicates, counted once.
  sent.push(await beacon(origin, event('view', 'v-000005', HOSTILE, 'x', OTHER_STORY)));
  sent.push(await beacon(origin, event('view', 'v-000001', 'spring', 'newsletter')));
  sent.push(await beacon(origin, { ...event('view', 'v-000004', HOSTILE, 'x'), story: 'redcliffe-labs' }));
  // 3 opens (the same page loads: an open is not a duplicate of its view), one sent twice.
  for (const id of ['v-000001', 'v-000002', 'v-000004', 'v-000004']) {
    const campaign = id === 'v-000004' ? HOSTILE : 'spring';
    sent.push(await beacon(origin, event('open', id, campaign, campaign === 'spring' ? 'newsletter' : 'x')));
  }
  expect(sent.map((r) => r.status)).toEqual(Array(12).fill(204));
  // Bad events: 400, counted nowhere.
  for (const bad of [
    { event: 'click', id: 'v-000009', page_url: `${SITE}/story/` },
    { event: 'view', id: 'short', page_url: `${SITE}/story/` },
    { event: 'view', id: 'v-000010', page_url: 'javascript:alert(1)' },
    { event: 'view', id: 'v-000011', page_url: `${SITE}/story/`, utm_campaign: 'x'.repeat(201) },
  ]) {
    expect((await beacon(origin, bad)).status).toBe(400);
  }
  expect((await beacon(origin, '{not json')).status).toBe(400);
  // Another site's page may not send events (the lead route's origin rule).
  const foreign = await fetch(`${origin}${LEAD_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain', Origin: 'https://evil.example' },
    body: JSON.stringify(event('view', 'v-000013', 'evil', 'evil')),
  });
  expect(foreign.status).toBe(403);

  // 3 leads: 2 from spring, 1 from the hostile campaign (of the second story); and 1 without a token (spam).
  const tokens = await goodTokens(origin, 3);
  const leads = [
    ['ada@example.com', 'spring', 'newsletter'],
    ['bo@example.com', 'spring', 'newsletter'],
    ['cy@example.com', HOSTILE, 'x', OTHER_STORY],
  ] as const;
  for (const [i, [email, campaign, source, story]] of leads.entries()) {
    const answer = await fetch(`${origin}/api/download-case-study/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: SITE },
      body: lead(email, campaign, source, tokens[i], story),
    });
    expect(answer.status).toBe(200);
  }
  expect(
    (
      await fetch(`${origin}/api/download-case-study/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: SITE },
        body: lead('bot@example.com', 'spring', 'newsletter'),
      })
    ).status,
  ).toBe(200);

  const today = new Date().toISOString().slice(0, 10);
  const numbers = await stats(origin);
  expect(numbers).toEqual({
    totals: { views: 5, opens: 3, leads: 3, spam: 1 },
    days: expect.any(Array),
    stories: [
      { story: 'redcliffe-labs', views: 4, opens: 3, leads: 2 },
      { story: OTHER_STORY, views: 1, opens: 0, leads: 1 },
    ],
    campaigns: [
      { utm_campaign: 'spring', views: 3, opens: 2, leads: 2 },
      { utm_campaign: HOSTILE, views: 2, opens: 1, leads: 1 },
    ],
    sources: [
      { utm_source: 'newsletter', views: 3, opens: 2, leads: 2 },
      { utm_source: 'x', views: 2, opens: 1, leads: 1 },
    ],
    deliveries: { forwarded: 0, pending: 0, failed: 0 },
    destinations: [],
  });
  expect(numbers.days).toHaveLength(7);
  expect(numbers.days.at(-1)).toEqual({ date: today, views: 5, opens: 3, leads: 3 });
  expect(numbers.days.slice(0, 6).every((day) => day.views + day.opens + day.leads === 0)).toBe(true);
  expect((await stats(origin, 90)).days).toHaveLength(90);
  expect((await fetch(`${origin}/admin/stats.json?days=14`, { headers: auth() })).status).toBe(400);
  // Nothing of the visitor in the log: no page query string (it held an email), no address.
  expect(server.stdout()).not.toContain('someone@example.com');
}

describe('serve on SQLite with ADMIN_PASSWORD', () => {
  let server: ServeProcess;
  beforeAll(async () => {
    server = await startServeProcess({ LEADS_DB: path.join(work, 'a.db'), CORS_ORIGINS: SITE, ADMIN_PASSWORD: PASSWORD, RATE_LIMIT_POINTS: '100' });
  }, 30_000);
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
  });

  it('counts views, opens and leads exactly, dropping duplicates and bad events', () => countsMatch(server), 30_000);

  it('shows /admin with every value escaped, a named chart, its table, and no script', async () => {
    const response = await fetch(`${server.origin}/admin?days=30`, { headers: auth() });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('script-src');
    const html = await response.text();
    expect(html).not.toContain('<script');
    expect(html).not.toContain(HOSTILE);
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;&#34;onload=&#34;x');
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="chart-title"/);
    expect(html).toContain('5 views, 3 opens, 3 leads in all');
    expect(html).toContain('<caption>Views, opens and leads per day</caption>');
    expect(html).toContain('<dd>60.0%</dd>'); // 3 leads per 5 views
    expect(html).toContain('aria-current="page">Last 30 days');
    expect(html).toContain('href="/admin/leads.csv"');
  });

  it('exports the CSV only with the password', async () => {
    expect((await fetch(`${server.origin}/admin/leads.csv`)).status).toBe(401);
    const response = await fetch(`${server.origin}/admin/leads.csv`, { headers: auth() });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const csv = await response.text();
    expect(csv.split('\r\n')[0]).toMatch(/^"id","received_at"/);
    for (const email of ['ada@example.com', 'bo@example.com', 'cy@example.com']) expect(csv).toContain(email);
    expect(csv).not.toContain('bot@example.com');
  });

  it('refuses an erasure posted from another origin, and erases from its own page after confirming', async () => {
    const erase = (headers: Record<string, string>, body: string) =>
      fetch(`${server.origin}/admin/erase`, {
        method: 'POST',
        redirect: 'manual',
        headers: { ...auth(), 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body,
      });
    const cross = await erase({ Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }, 'email=ada%40example.com&confirm=yes');
    expect(cross.status).toBe(403);
    expect((await erase({ 'Sec-Fetch-Site': 'cross-site' }, 'email=ada%40example.com&confirm=yes')).status).toBe(403);
    expect((await stats(server.origin)).totals.leads).toBe(3);

    const same = { Origin: server.origin, 'Sec-Fetch-Site': 'same-origin' };
    const asked = await erase(same, 'email=ADA%40example.com');
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('Erase every lead of ADA@example.com?');
    expect((await stats(server.origin)).totals.leads).toBe(3);

    // Larger than an erasure form: not read past its cap, nothing erased.
    const padded = await erase(same, `email=ADA%40example.com&confirm=yes&pad=${'x'.repeat(5000)}`);
    expect(padded.status).toBe(303);
    expect((await stats(server.origin)).totals.leads).toBe(3);

    const done = await erase(same, 'email=ADA%40example.com&confirm=yes');
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('1 lead of ADA@example.com erased.');
    expect((await stats(server.origin)).totals.leads).toBe(2);
    expect(server.stdout()).not.toMatch(/ada@example\.com/i);
  });

  it('answers wrong passwords 401, then 429 even for the right one', async () => {
    for (let i = 0; i < 5; i++) {
      const wrong = await fetch(`${server.origin}/admin/stats.json?days=7`, { headers: auth(`wrong ${i}`) });
      expect(wrong.status).toBe(401);
      expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic /);
    }
    const locked = await fetch(`${server.origin}/admin/stats.json?days=7`, { headers: auth() });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('rate-limits events per client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await beacon(server.origin, event('view', `flood-${String(i).padStart(4, '0')}`, 'f', 'f'))).status);
    expect(statuses).toContain(429);
  });

  it('has no /api/story-events/ any more: the element counts on its lead endpoint', async () => {
    expect(
      (await fetch(`${server.origin}/api/story-events/`, { method: 'POST', headers: { 'Content-Type': 'text/plain', Origin: SITE }, body: '{}' })).status,
    ).toBe(404);
  });
});

describe('serve without ADMIN_PASSWORD', () => {
  it('has no /admin at all', async () => {
    const server = await startServeProcess({ LEADS_DB: path.join(work, 'b.db'), CORS_ORIGINS: SITE });
    try {
      for (const page of ['/admin', '/admin/stats.json?days=7', '/admin/leads.csv']) {
        expect((await fetch(`${server.origin}${page}`, { headers: auth() })).status).toBe(404);
      }
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 30_000);
});

describe('serve on PostgreSQL with ADMIN_PASSWORD', () => {
  let postgres: Awaited<ReturnType<typeof postgresForTests>>;
  beforeAll(async () => {
    postgres = await postgresForTests();
  }, 120_000);
  afterAll(() => postgres?.stop());

  it('counts the same numbers', async (context) => {
    if (!postgres.url) return context.skip();
    const server = await startServeProcess({
      DATABASE_URL: await postgres.newDatabase(),
      CORS_ORIGINS: SITE,
      ADMIN_PASSWORD: PASSWORD,
      RATE_LIMIT_POINTS: '100',
    });
    try {
      await countsMatch(server);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 60_000);
});
