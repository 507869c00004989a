/**
 * The same semantics on every store, through the handler: SQLite (a real file) and PostgreSQL (a
 * real server), with the memory store as the reference. Restart = close the store and open it again.
 */
import Database from 'better-sqlite3';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createLeadHandler,
  createMemoryStore,
  createPostgresStore,
  createSqliteStore,
  MIGRATIONS,
  LEAD_FIELDS,
  type LeadHandlerOptions,
  type LeadStore,
  type StoredLead,
} from '../../server/index.js';
import { leadBodyOf, readFormValues } from '../../server/routes/form-page.js';
import { hashOf } from '../../server/lead-hash.js';
import { validateLead } from '../../server/routes/validate.js';
import { COUNT_KEYS_PER_DAY } from '../../server/store/sql.js';
import { ADDED_LATER } from '../../server/store/schema.js';
import { captureLogger, jsonOf, post, thankYouPdf, validBody } from './helpers.js';
import { postgresForTests } from './processes.js';

let work: string;
let postgres: Awaited<ReturnType<typeof postgresForTests>>;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'rcs-stores-'));
  postgres = await postgresForTests();
}, 120_000);
afterAll(async () => {
  await postgres?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

interface Engine {
  name: string;
  available: () => boolean;
  /** A new empty database; `open` opens a store on it (again after a "restart"). */
  create: () => Promise<{ open: () => Promise<LeadStore>; where: string }>;
}

let n = 0;
const engines: Engine[] = [
  {
    name: 'SQLite',
    available: () => true,
    create: async () => {
      const file = path.join(work, `store-${n++}.db`);
      return { where: file, open: () => createSqliteStore({ file, busyTimeoutMs: 300 }) };
    },
  },
  {
    name: 'PostgreSQL',
    available: () => Boolean(postgres.url),
    create: async () => {
      const url = await postgres.newDatabase();
      return { where: url, open: () => createPostgresStore({ connectionString: url, timeoutMs: 2000 }) };
    },
  },
];

const FORM = 'https://forms.example.com/f';

function handlerOn(store: LeadStore, options: Partial<LeadHandlerOptions> = {}) {
  return createLeadHandler({
    pdfUrl: '/one-pager.pdf',
    store,
    logger: captureLogger(),
    rateLimit: false,
    forwardAllowlist: [FORM],
    ...options,
    delivery: { loop: false, ...options.delivery },
  });
}

describe.each(engines)('$name store', (engine) => {
  it('replays the first answer after a restart; same key, other body → 422; one lead', async (context) => {
    if (!engine.available()) return context.skip();
    const db = await engine.create();
    const key = crypto.randomUUID();
    let store = await db.open();
    const first = await handlerOn(store)(post(validBody(), { 'Idempotency-Key': key }));
    expect(first.status).toBe(200);
    const answer = await first.text();
    await store.close();

    store = await db.open();
    const handler = handlerOn(store, { publicOrigin: 'https://other.example.org' });
    const replay = await handler(post(validBody(), { 'Idempotency-Key': key }));
    expect(replay.status).toBe(200);
    // The first answer, with its PDF path made absolute by today's configuration: a stored answer
    // never holds an origin taken from a request (a forged Host would otherwise send others there).
    expect(JSON.parse(answer)).toEqual({ pdf_url: 'https://example.com/one-pager.pdf' });
    expect(await jsonOf(replay)).toEqual({ pdf_url: 'https://other.example.org/one-pager.pdf' });
    const reused = await handler(post(validBody({ 'Work Email': 'other@example.com' }), { 'Idempotency-Key': key }));
    expect(reused.status).toBe(422);
    expect((await jsonOf(reused)).error).toBe('idempotency_key_reused');
    expect(await store.stats()).toEqual({ leads: 1, forwarded: 0, pending: 0, failed: 0, notForwarded: 1, spam: 0 });
    const exported = [];
    for await (const lead of store.exportLeads()) exported.push(lead);
    expect(exported).toEqual([expect.objectContaining({ email: 'ada@example.com', forwardStatus: 'none' })]);
    await store.close();
  });

  it("namespaces keys by route: a JSON client's key cannot swallow a no-JS visitor's lead", async (context) => {
    if (!engine.available()) return context.skip();
    const db = await engine.create();
    const store = await db.open();
    const handler = handlerOn(store);
    const fields = { 'First Name': 'Ada', 'Last Name': 'Lovelace', 'Work Email': 'ada@example.com' };
    const lead = validateLead(leadBodyOf(readFormValues(new URLSearchParams(fields).toString(), null)), { isAllowedFormUrl: () => false });
    if (!lead.ok) throw new Error('the form lead should be valid');
    // The key the no-JS route derives for this very lead, taken first by a JSON client with the same body.
    const stolen = `form:${hashOf('', lead.data)}`;
    expect((await handler(post(JSON.stringify({ url: '', data: lead.data }), { 'Idempotency-Key': stolen }))).status).toBe(200);
    const form = await handler(
      new Request('https://example.com/api/lead', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://example.com' },
        body: new URLSearchParams(fields),
      }),
    );
    expect(await thankYouPdf(form)).toMatch(/\.pdf$/);
    expect((await store.stats()).leads).toBe(2);
    await store.close();
  });

  it('suspected spam is counted apart, left out of exports unless asked for, and erased by forget', async (context) => {
    if (!engine.available()) return context.skip();
    const db = await engine.create();
    const store = await db.open();
    const handler = handlerOn(store, { formOrigins: ['https://www.example.com'] });
    const form = (email: string, extra: Record<string, string> = {}) =>
      handler(
        new Request('https://example.com/api/lead', {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://example.com' },
          body: new URLSearchParams({ 'First Name': 'Ada', 'Last Name': 'Lovelace', 'Work Email': email, ...extra }),
        }),
      );
    expect(await thankYouPdf(await form('bot@example.com', { website: 'x' }))).toMatch(/\.pdf$/);
    expect(await thankYouPdf(await form('ada@example.com'))).toMatch(/\.pdf$/);
    expect(await store.stats()).toEqual({ leads: 2, forwarded: 0, pending: 0, failed: 0, notForwarded: 1, spam: 1 });
    const exported = [];
    for await (const lead of store.exportLeads()) exported.push(lead.email);
    expect(exported).toEqual(['ada@example.com']);
    const everything = [];
    for await (const lead of store.exportLeads({ includeSpam: true })) everything.push([lead.email, lead.spam]);
    expect(everything).toEqual([
      ['bot@example.com', true],
      ['ada@example.com', false],
    ]);
    expect(await store.forget('BOT@example.com')).toBe(1);
    expect(await store.prune(Date.now() + 1000)).toBe(1);
    expect((await store.stats()).leads).toBe(0);
    await store.close();
  });

  it('a NUL or other control character in any field answers 400 and stores nothing', async (context) => {
    if (!engine.available()) return context.skip();
    const db = await engine.create();
    const store = await db.open();
    const handler = handlerOn(store);
    for (const field of ['First Name', 'Work Email', 'page_url', 'utm_source']) {
      const response = await handler(post(validBody({ [field]: `x\u0000y@example.com` })));
      expect(response.status, field).toBe(400);
      expect(Object.keys((await jsonOf(response)).fields), field).toEqual([field]);
    }
    expect((await store.stats()).leads).toBe(0);
    await store.close();
  });

  it('100 concurrent requests with one key store one lead; an expired key stores again', async (context) => {
    if (!engine.available()) return context.skip();
    const db = await engine.create();
    const store = await db.open();
    let time = Date.now();
    const handler = handlerOn(store, { now: () => time });
    const key = crypto.randomUUID();
    const responses = await Promise.all(Array.from({ length: 100 }, () => handler(post(validBody(), { 'Idempotency-Key': key }))));
    expect(new Set(await Promise.all(responses.map((r) => r.text()))).size).toBe(1);
    expect(responses.every((r) => r.status === 200)).toBe(true);
    expect((await store.stats()).leads).toBe(1);
    time += 24 * 60 * 60 * 1000 + 1;
    expect((await handler(post(validBody(), { 'Idempotency-Key': key }))).status).toBe(200);
    expect((await store.stats()).leads).toBe(2);
    await store.close();
  });

  it('a CRM that fails three times then accepts: delivered, four attempts recorded', async (context) => {
    if (!engine.available()) return context.skip();
    const db = await engine.create();
    const store = await db.open();
    let calls = 0;
    const handler = handlerOn(store, {
      fetch: async () => new Response(null, { status: ++calls <= 3 ? 503 : 200 }),
      delivery: { initialDelayMs: 20, maxDelayMs: 100, pollMs: 10, loop: true },
    });
    expect((await handler(post(validBody({}, FORM)))).status).toBe(200);
    const deadline = Date.now() + 10_000;
    while ((await store.stats()).forwarded < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await handler.close();
    expect(await store.stats()).toEqual({ leads: 1, forwarded: 1, pending: 0, failed: 0, notForwarded: 0, spam: 0 });
    const [lead] = await collect(store);
    const attempts = await store.attempts(lead!.id);
    expect(attempts.map((a) => `${a.attempt} ${a.outcome} ${a.httpStatus}`)).toEqual(['1 failed 503', '2 failed 503', '3 failed 503', '4 delivered 200']);
    expect(lead).toMatchObject({ forwardStatus: 'delivered', forwardAttempts: 4 });
    await store.close();
  });

  it('two instances never claim the same outbox entry at once', async (context) => {
    if (!engine.available()) return context.skip();
    const db = await engine.create();
    const [one, two] = [await db.open(), await db.open()];
    const handler = handlerOn(one, { fetch: async () => new Response(null, { status: 500 }) });
    for (let i = 0; i < 20; i++) await handler(post(validBody({ 'Last Name': `L${i}` }, FORM)));
    await handler.deliver(); // each lead had its first (failed) attempt; the next is due within a minute
    const now = Date.now() + 120_000;
    const [a, b] = await Promise.all([one.claimDeliveries({ now, leaseMs: 60_000, limit: 15 }), two.claimDeliveries({ now, leaseMs: 60_000, limit: 15 })]);
    const ids = [...a, ...b].map((d) => d.lead.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    expect(await one.claimDeliveries({ now, leaseMs: 60_000, limit: 15 })).toEqual([]);
    await Promise.all([one.close(), two.close()]);
  });

  it('a locked database answers 503 with Retry-After within the bound, then the retry is stored', async (context) => {
    if (!engine.available()) return context.skip();
    const db = await engine.create();
    const store = await db.open();
    const handler = handlerOn(store, { storeTimeoutMs: 800 });
    const release = await lockWrites(engine.name, db.where);
    const key = crypto.randomUUID();
    const started = Date.now();
    const response = await handler(post(validBody(), { 'Idempotency-Key': key }));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('2');
    expect((await jsonOf(response)).error).toBe('service_unavailable');
    await release();
    const retry = await handler(post(validBody(), { 'Idempotency-Key': key }));
    expect(retry.status).toBe(200);
    // The timed-out attempt may or may not have committed later; the key makes it one lead either way.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await store.stats()).leads).toBe(1);
    await store.close();
  });

  it('applies each migration once, even when opened again', async (context) => {
    if (!engine.available()) return context.skip();
    const db = await engine.create();
    await (await db.open()).close();
    await (await db.open()).close();
    const versions = await appliedVersions(engine.name, db.where);
    expect(versions).toEqual(MIGRATIONS.map((m) => m.version));
  });

  it('takes a database made before leads named their story to the counts: every lead, its outbox entry and the event counts', async (context) => {
    if (!engine.available()) return context.skip();
    const db = await engine.create();
    const day = new Date().toISOString().slice(0, 10);
    const first = LEAD_FIELDS.filter((field) => !ADDED_LATER.includes(field.column)); // the columns migration 1 made
    const columns = `id, received_at, ${first.map((field) => field.column).join(', ')}, form_url`;
    const values = (id: string, campaign: string) =>
      `'${id}', '${day}T10:00:00.000Z', ${first.map((field) => `'${field.column === 'utm_campaign' ? campaign : field.column === 'email' ? `${id}@example.com` : ''}'`).join(', ')}, ''`;
    const before = `${MIGRATIONS.slice(0, 3)
      .map((migration) => `${engine.name === 'SQLite' ? migration.sqlite : migration.postgres};`)
      .join('\n')}
      CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL);
      INSERT INTO schema_migrations VALUES (1, 'one', 0), (2, 'two', 0), (3, 'three', 0);
      INSERT INTO leads (${columns}) VALUES (${values('old-1', 'spring')}), (${values('old-2', 'spring')});
      INSERT INTO deliveries (lead_id, adapter, url, status, attempts, created_at, next_attempt_at) VALUES ('old-2', 'json', '${FORM}', 'pending', 0, 0, 0);
      INSERT INTO event_counts VALUES ('${day}', 'view', 'https://www.example.com/story/', 'newsletter', 'spring', 7);`;
    if (engine.name === 'SQLite') {
      const file = new Database(db.where);
      file.exec(before);
      file.close();
    } else {
      const client = new pg.Client({ connectionString: db.where });
      await client.connect();
      await client.query(before);
      await client.end();
    }
    const store = await db.open();
    try {
      const counts = (await store.counts(day)).map((row) => `${row.type} ${row.story} ${row.utmCampaign} ${row.count}`).sort();
      expect(counts).toEqual(['lead redcliffe-labs spring 2', 'pending redcliffe-labs spring 1', 'view redcliffe-labs spring 7']);
      expect((await collect(store)).map((lead) => lead.story)).toEqual(['redcliffe-labs', 'redcliffe-labs']);
    } finally {
      await store.close();
    }
  });
});

describe('SQLite file', () => {
  it('WAL, synchronous=FULL, owner-only file mode', async () => {
    const file = path.join(work, 'nested', 'pragmas.db');
    const store = await createSqliteStore({ file });
    await store.close();
    const db = new Database(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700);
    // synchronous is per connection: read it from the store's own source of truth.
    const source = await import('node:fs/promises').then((fs) => fs.readFile(new URL('../../server/store/sqlite-file.ts', import.meta.url), 'utf8'));
    expect(source).toContain("db.pragma('synchronous = FULL')");
  });

  it('LEADS_DB moves the default store (no store option)', async () => {
    const file = path.join(work, 'from-env.db');
    const previous = process.env.LEADS_DB;
    const previousUrl = process.env.DATABASE_URL;
    process.env.LEADS_DB = file;
    delete process.env.DATABASE_URL;
    try {
      const handler = createLeadHandler({ pdfUrl: '/p.pdf', rateLimit: false, logger: captureLogger(), delivery: { loop: false } });
      expect((await handler(post(validBody()))).status).toBe(200);
      await handler.close();
      const store = await createSqliteStore({ file });
      expect((await store.stats()).leads).toBe(1);
      await store.close();
    } finally {
      if (previous === undefined) delete process.env.LEADS_DB;
      else process.env.LEADS_DB = previous;
      if (previousUrl !== undefined) process.env.DATABASE_URL = previousUrl;
    }
  });
});

/**
 * What /admin counts (issue 41), kept by the store as it happens: beacons (a duplicate (id, type)
 * counts once; a raw event older than its retention is pruned, so its id counts again), leads and
 * spam, and each outbox entry from pending to where it ends, per day, story, source and campaign;
 * an erasure takes its leads' counts back; counts of days past their retention go; a day of
 * made-up campaigns keeps a bounded number of rows; the last given-up delivery's error is kept.
 */
async function countsContract(store: LeadStore) {
  const DAY = 86_400_000;
  const now = Date.now();
  const day = (at: number) => new Date(at).toISOString().slice(0, 10);
  const today = day(now);
  const prune = { eventsBefore: now - 30 * DAY, countsBefore: day(now - 90 * DAY) };
  const event = (id: string, type: 'view' | 'open', { at = now, campaign = 'spring', story = 'redcliffe-labs' } = {}) => ({
    id,
    type,
    at,
    day: day(at),
    story,
    utmSource: 'newsletter',
    utmCampaign: campaign,
  });
  expect(await store.recordEvent(event('load-old', 'view', { at: now - 95 * DAY }), { eventsBefore: 0, countsBefore: day(now - 100 * DAY) })).toBe(true);
  expect(await store.recordEvent(event('page-load-1', 'view', { at: now - 40 * DAY }), { ...prune, eventsBefore: now - 50 * DAY })).toBe(true);
  expect(await store.recordEvent(event('page-load-1', 'view'), prune)).toBe(true); // the 40-day-old raw event was pruned first
  expect(await store.recordEvent(event('page-load-1', 'view'), prune)).toBe(false);
  expect(await store.recordEvent(event('page-load-1', 'open'), prune)).toBe(true);
  expect(await store.recordEvent(event('page-load-2', 'view', { campaign: '' }), prune)).toBe(true);
  expect(await store.recordEvent(event('page-load-3', 'view', { story: 'acme' }), prune)).toBe(true);

  const lead = (id: string, email: string, story = 'redcliffe-labs') =>
    ({
      ...Object.fromEntries(LEAD_FIELDS.map((field) => [field.key, ''])),
      id,
      email,
      story,
      receivedAt: new Date(now).toISOString(),
      formUrl: FORM,
      utmSource: 'newsletter',
      utmCampaign: 'spring',
    }) as StoredLead;
  const answer = { status: 200, body: { pdf_url: '/p.pdf' } };
  const delivery = { adapter: 'json' as const, url: FORM };
  await store.accept({ lead: lead('lead-1', 'ada@example.com'), answer, now, delivery });
  await store.accept({ lead: lead('lead-2', 'bot@example.com'), answer, now, spam: true });
  await store.accept({ lead: lead('lead-3', 'cy@example.com', 'acme'), answer, now, delivery });
  expect(await store.destinations()).toEqual([
    { adapter: 'json', url: FORM, sent: 0, pending: 2, failed: 0, next: { at: now, held: null, lastError: null }, failures: [] },
  ]);
  const claimed = await store.claimDeliveries({ now, leaseMs: 1000, limit: 5 });
  expect(claimed.map((entry) => entry.lead.id).sort()).toEqual(['lead-1', 'lead-3']);
  expect(claimed.find((entry) => entry.lead.id === 'lead-3')!.lead.story).toBe('acme');
  const attempt = { attempt: 1, startedAt: now, durationMs: 1 };
  await store.recordAttempt({ ...attempt, leadId: 'lead-1', outcome: 'delivered', httpStatus: 200, next: { status: 'delivered' } });
  await store.recordAttempt({ ...attempt, leadId: 'lead-1', outcome: 'delivered', httpStatus: 200, next: { status: 'delivered' } }); // recorded twice: counted once
  await store.recordAttempt({ ...attempt, leadId: 'lead-3', outcome: 'failed', httpStatus: 503, error: 'status 503', next: { status: 'failed' } });
  expect(await store.destinations()).toEqual([{ adapter: 'json', url: FORM, sent: 1, pending: 0, failed: 1, failures: [{ error: 'status 503', count: 1 }] }]);
  // After `since`, not at it: a delivery exactly a day old has left a daily limit's window.
  expect(await store.deliveredSince(FORM, now - 1)).toEqual({ count: 1, oldest: now });
  expect(await store.deliveredSince(FORM, now)).toEqual({ count: 0 });

  const rows = async (since: string) => (await store.counts(since)).map((row) => [row.day, row.type, row.story, row.utmCampaign, row.count].join(' ')).sort();
  const expected = [
    `${day(now - 40 * DAY)} view redcliffe-labs spring 1`,
    `${today} view redcliffe-labs spring 1`,
    `${today} open redcliffe-labs spring 1`,
    `${today} view redcliffe-labs  1`,
    `${today} view acme spring 1`,
    `${today} lead redcliffe-labs spring 1`,
    `${today} spam redcliffe-labs spring 1`,
    `${today} delivered redcliffe-labs spring 1`,
    `${today} lead acme spring 1`,
    `${today} failed acme spring 1`,
  ];
  expect(await rows(day(now - 100 * DAY)), 'the 95-day-old count was pruned').toEqual(expected.sort());
  // Erasure takes back what the erased leads counted for.
  expect(await store.forget('CY@example.com')).toBe(1);
  expect(await rows(today)).toEqual(expected.filter((row) => row.startsWith(today) && !/(lead|failed) acme/.test(row)).sort());
  expect(await store.destinations()).toEqual([{ adapter: 'json', url: FORM, sent: 1, pending: 0, failed: 0, failures: [] }]);

  // A day of made-up campaigns: its own rows up to the cap, the rest under one `*` row; every view counted.
  const past = now - 2 * DAY;
  for (let i = 0; i < COUNT_KEYS_PER_DAY + 10; i++) await store.recordEvent(event(`flood-${i}-view`, 'view', { at: past, campaign: `made-up-${i}` }), prune);
  const flood = (await store.counts(day(past))).filter((row) => row.day === day(past));
  expect(flood).toHaveLength(COUNT_KEYS_PER_DAY + 1);
  expect(flood.reduce((sum, row) => sum + row.count, 0)).toBe(COUNT_KEYS_PER_DAY + 10);
  expect(flood.find((row) => row.story === '*')).toMatchObject({ count: 10, utmCampaign: '' });
}

describe.each(engines)('$name store: counts', (engine) => {
  it('counts beacons, leads and deliveries as they happen, takes erased leads back, prunes and bounds them', async (context) => {
    if (!engine.available()) return context.skip();
    const store = await (await engine.create()).open();
    try {
      await countsContract(store);
    } finally {
      await store.close();
    }
  }, 30_000);
});

describe('memory store (reference)', () => {
  it('counts: the same contract', () => countsContract(createMemoryStore()));

  it('same key, other body → 422', async () => {
    const store = createMemoryStore();
    const handler = handlerOn(store);
    const key = crypto.randomUUID();
    await handler(post(validBody(), { 'Idempotency-Key': key }));
    expect((await handler(post(validBody({ 'Last Name': 'X' }), { 'Idempotency-Key': key }))).status).toBe(422);
  });
});

async function collect(store: LeadStore) {
  const leads = [];
  for await (const lead of store.exportLeads()) leads.push(lead);
  return leads;
}

/** Holds the database's write lock from another connection until the returned function is called. */
async function lockWrites(engine: string, where: string): Promise<() => Promise<void>> {
  if (engine === 'SQLite') {
    const other = new Database(where);
    other.exec('BEGIN IMMEDIATE');
    return async () => {
      other.exec('ROLLBACK');
      other.close();
    };
  }
  const client = new pg.Client({ connectionString: where });
  await client.connect();
  await client.query('BEGIN');
  await client.query('LOCK TABLE leads, idempotency_keys IN ACCESS EXCLUSIVE MODE');
  return async () => {
    await client.query('ROLLBACK');
    await client.end();
  };
}

async function appliedVersions(engine: string, where: string): Promise<number[]> {
  if (engine === 'SQLite') {
    const db = new Database(where);
    const rows = db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as { version: number }[];
    db.close();
    return rows.map((r) => r.version);
  }
  const client = new pg.Client({ connectionString: where });
  await client.connect();
  const { rows } = await client.query('SELECT version FROM schema_migrations ORDER BY version');
  await client.end();
  return rows.map((r) => r.version);
}
