/**
 * Erasure to the last byte: after `forget` (and `prune`) the address is nowhere in the SQLite file
 * or its write-ahead log, searched byte by byte, while a real `serve` process keeps the database
 * open; PostgreSQL vacuums its lead tables. Commands on a database that does not exist fail.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeadHandler, createPostgresStore, createSqliteStore } from '../../server/index.js';
import { captureLogger, post, validBody } from './helpers.js';
import { buildServer, postgresForTests, runCli, runCliRaw, startServeProcess } from './processes.js';

let work: string;
let postgres: Awaited<ReturnType<typeof postgresForTests>>;
beforeAll(async () => {
  await buildServer();
  work = await mkdtemp(path.join(tmpdir(), 'erasure-'));
  postgres = await postgresForTests();
}, 300_000);
afterAll(async () => {
  await postgres?.stop();
  await rm(work, { recursive: true, force: true });
});

/** How often `text` occurs in the database file and its write-ahead log, as UTF-8 bytes. */
async function occurrences(file: string, text: string): Promise<number> {
  let count = 0;
  for (const part of [file, `${file}-wal`]) {
    if (!existsSync(part)) continue;
    const bytes = await readFile(part);
    for (let at = bytes.indexOf(text); at !== -1; at = bytes.indexOf(text, at + 1)) count++;
  }
  return count;
}

const lead = (email: string, last = 'Lovelace') =>
  JSON.stringify({ url: '', data: { 'First Name': 'Zebediah', 'Last Name': last, 'Work Email': email, page_url: 'https://www.example.com/story/' } });

describe('SQLite', () => {
  it('forget leaves no byte of the address or the name in the file or its log, while serve runs', async () => {
    const file = path.join(work, 'forget.db');
    const server = await startServeProcess({ LEADS_DB: file, RATE_LIMIT_POINTS: '0' });
    try {
      for (let i = 0; i < 30; i++) {
        const email = i % 3 === 0 ? 'erase.me@example.com' : `keep${i}@example.com`;
        const response = await fetch(`${server.origin}/api/download-case-study/`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `k-${i}` },
          body: lead(email, i % 3 === 0 ? 'Quixotica' : 'Lovelace'),
        });
        expect(response.status).toBe(200);
      }
      expect(await occurrences(file, 'erase.me@example.com')).toBeGreaterThan(0);
      expect(JSON.parse(runCli(['forget', '--email', 'Erase.Me@example.com'], { LEADS_DB: file }))).toEqual({ erased: 10 });
      expect(await occurrences(file, 'erase.me@example.com')).toBe(0);
      expect(await occurrences(file, 'Quixotica')).toBe(0);
      expect(await occurrences(file, 'keep1@example.com')).toBeGreaterThan(0); // the search does find what is kept
      // The server goes on taking leads after the log was truncated under it.
      const after = await fetch(`${server.origin}/api/download-case-study/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: lead('later@example.com'),
      });
      expect(after.status).toBe(200);
      expect(JSON.parse(runCli(['stats'], { LEADS_DB: file })).leads).toBe(21);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  }, 60_000);

  it('prune leaves no byte of the old leads either', async () => {
    const file = path.join(work, 'prune.db');
    const store = await createSqliteStore({ file });
    const old = createLeadHandler({
      pdfUrl: '/p.pdf',
      store,
      logger: captureLogger(),
      rateLimit: false,
      delivery: { loop: false },
      now: () => Date.now() - 400 * 86_400_000,
    });
    const fresh = createLeadHandler({ pdfUrl: '/p.pdf', store, logger: captureLogger(), rateLimit: false, delivery: { loop: false } });
    for (let i = 0; i < 5; i++) expect((await old(post(validBody({ 'Work Email': `old${i}@example.com` })))).status).toBe(200);
    expect((await fresh(post(validBody({ 'Work Email': 'new@example.com' })))).status).toBe(200);
    expect(await occurrences(file, 'old3@example.com')).toBeGreaterThan(0);
    expect(await store.prune(Date.now() - 365 * 86_400_000)).toBe(5);
    expect(await occurrences(file, 'old3@example.com')).toBe(0);
    expect(await occurrences(file, 'new@example.com')).toBeGreaterThan(0);
    await store.close();
  });
});

describe('PostgreSQL', () => {
  it('forget rewrites the lead tables, so no page holds the address any more', async (context) => {
    if (!postgres.url) return context.skip();
    const url = await postgres.newDatabase();
    const store = await createPostgresStore({ connectionString: url });
    const handler = createLeadHandler({ pdfUrl: '/p.pdf', store, logger: captureLogger(), rateLimit: false, delivery: { loop: false } });
    for (let i = 0; i < 6; i++) {
      expect(
        (await handler(post(validBody({ 'Work Email': i % 2 ? 'erase.me@example.com' : `keep${i}@example.com` }), { 'Idempotency-Key': `k${i}` }))).status,
      ).toBe(200);
    }
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('CREATE EXTENSION IF NOT EXISTS pageinspect');
    /** How often `text` occurs in the raw pages of every lead table and index, dead rows included. */
    const inPages = async (text: string) => {
      const { rows } = await client.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_class c, generate_series(0, pg_relation_size(c.oid) / 8192 - 1) page
         WHERE c.relname IN ('leads', 'leads_email', 'idempotency_keys', 'deliveries', 'delivery_attempts')
           AND position(convert_to($1, 'UTF8') IN get_raw_page(c.relname::text, page::int)) > 0`,
        [text],
      );
      return rows[0]!.n;
    };
    try {
      expect(await inPages('erase.me@example.com')).toBeGreaterThan(0);
      expect(JSON.parse(runCli(['forget', '--email', 'erase.me@example.com'], { DATABASE_URL: url }))).toEqual({ erased: 3 });
      expect(await inPages('erase.me@example.com')).toBe(0);
      expect(await inPages('keep2@example.com')).toBeGreaterThan(0);
    } finally {
      await client.end();
      await handler.close();
      await store.close();
    }
  });
});

describe('a database that does not exist', () => {
  it.each([['stats'], ['export', '--format', 'csv'], ['forget', '--email', 'a@example.com'], ['prune', '--older-than', '30']])(
    '%s fails with a message and creates nothing',
    (...args) => {
      const file = path.join(work, 'nowhere', 'leads.db');
      const result = runCliRaw(args, { LEADS_DB: file });
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/no leads database at .*nowhere\/leads\.db \(LEADS_DB\)/);
      expect(result.stdout).toBe('');
      expect(existsSync(path.dirname(file))).toBe(false);
    },
  );
});
