/** `redcliffe-leads` (dist/server/cli.js) as a marketer runs it, on SQLite and PostgreSQL. */
import { mkdtemp, rm } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLeadHandler, createPostgresStore, createSqliteStore, type LeadStore } from '../../server/index.js';
import { captureLogger, post, validBody } from './helpers.js';
import { buildServer, postgresForTests, root, runCli } from './processes.js';

let work: string;
let postgres: Awaited<ReturnType<typeof postgresForTests>>;
beforeAll(async () => {
  await buildServer();
  work = await mkdtemp(path.join(tmpdir(), 'rcs-cli-'));
  postgres = await postgresForTests();
}, 300_000);
afterAll(async () => {
  await postgres?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

const FORM = 'https://forms.example.com/f';
const hostile = {
  'First Name': '=HYPERLINK("https://evil.example","click")',
  'Last Name': "+1+cmd|' /C calc'!A0",
  'Work Email': '-2+3@example.com',
  utm_source: '@SUM(1+1)',
  utm_term: 'a "quoted", value',
};

async function fill(store: LeadStore) {
  let calls = 0;
  const handler = createLeadHandler({
    pdfUrl: '/p.pdf',
    store,
    rateLimit: false,
    logger: captureLogger(),
    forwardAllowlist: [FORM],
    fetch: async () => new Response(null, { status: calls++ === 0 ? 200 : 500 }),
    delivery: { loop: false },
  });
  expect((await handler(post(validBody(hostile)))).status).toBe(200); // no forward
  expect((await handler(post(validBody({ 'Last Name': 'Delivered' }, FORM)))).status).toBe(200);
  await handler.deliver();
  expect((await handler(post(validBody({ 'Last Name': 'Pending' }, FORM)))).status).toBe(200);
  await handler.deliver();
  await store.close();
}

const engines = [
  {
    name: 'SQLite',
    available: () => true,
    make: async () => {
      const file = path.join(work, 'cli.db');
      await fill(await createSqliteStore({ file }));
      return { LEADS_DB: file };
    },
  },
  {
    name: 'PostgreSQL',
    available: () => Boolean(postgres.url),
    make: async () => {
      const url = await postgres.newDatabase();
      await fill(await createPostgresStore({ connectionString: url }));
      return { DATABASE_URL: url };
    },
  },
];

describe.each(engines)('redcliffe-leads on $name', (engine) => {
  it('stats prints {leads, forwarded, pending, failed}; export writes CSV safe for spreadsheets and NDJSON', async (context) => {
    if (!engine.available()) return context.skip();
    const env = await engine.make();
    expect(JSON.parse(runCli(['stats'], env))).toEqual({ leads: 3, forwarded: 1, pending: 1, failed: 0, notForwarded: 1, spam: 0 });

    const csv = runCli(['export', '--format', 'csv'], env);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      '"id","received_at","first_name","last_name","email","page_url","referrer","utm_source","utm_medium","utm_campaign","utm_term","utm_content","mkto_trk","privacy_text","consent_text","consent","form_url","story","forward_status","forward_attempts","spam"',
    );
    // Every cell quoted, the empty ones too: one shape for every row.
    for (const line of lines.slice(2, -1)) expect(line.split('","')).toHaveLength(21);
    expect(lines).toHaveLength(5); // header, 3 leads, trailing empty
    const hostileRow = lines[1]!;
    expect(hostileRow).toContain(`"'=HYPERLINK(""https://evil.example"",""click"")"`);
    expect(hostileRow).toContain(`"'+1+cmd|' /C calc'!A0"`);
    expect(hostileRow).toContain(`"'-2+3@example.com"`);
    expect(hostileRow).toContain(`"'@SUM(1+1)"`);
    expect(hostileRow).toContain('"a ""quoted"", value"');
    // No cell starts with a formula character once the quote is opened.
    for (const line of lines.slice(1, -1)) {
      for (const cell of line.slice(1, -1).split('","')) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    }
    expect(lines[2]).toContain('"redcliffe-labs","delivered","1"');
    expect(lines[3]).toContain('"pending","1"');

    const ndjson = runCli(['export', '--format', 'ndjson'], env)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(ndjson.map((lead) => [lead.lastName, lead.forwardStatus])).toEqual([
      [hostile['Last Name'], 'none'],
      ['Delivered', 'delivered'],
      ['Pending', 'pending'],
    ]);
    expect(ndjson[0].firstName).toBe(hostile['First Name']); // NDJSON keeps the exact value
  });
});

describe('redcliffe-leads usage', () => {
  it('explains itself on a wrong command or format, with exit code 2', () => {
    const cli = path.join(root, 'dist/server/cli.js');
    for (const args of [[], ['export'], ['export', '--format', 'xlsx'], ['delete']]) {
      const result = spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8', env: { ...process.env, LEADS_DB: path.join(work, 'x.db') } });
      expect(result.status, args.join(' ')).toBe(2);
      expect(`${result.stdout}${result.stderr}`).toMatch(/Usage:\n {2}redcliffe-leads serve .*\n(?: {2}.*\n)* {2}redcliffe-leads export --format csv\|ndjson/);
    }
  });

  it('says which database it could not open', () => {
    const cli = path.join(root, 'dist/server/cli.js');
    const result = spawnSync(process.execPath, [cli, 'stats'], {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('cannot open PostgreSQL postgres://127.0.0.1:1/none');
  });
});

describe('redcliffe-leads export into a pipe', () => {
  it('ends quietly when its reader closes early (`export | head -n 1`)', async () => {
    const file = path.join(work, 'many.db');
    const store = await createSqliteStore({ file });
    const handler = createLeadHandler({ pdfUrl: '/one-pager.pdf', store, rateLimit: false, delivery: { loop: false }, logger: captureLogger() });
    // Far more than a pipe's buffer holds, so the writer is still writing when `head` leaves.
    for (let i = 0; i < 1500; i++) {
      expect((await handler(post(validBody({ 'Work Email': `reader.${i}@example.com`, utm_content: 'x'.repeat(150) })))).status).toBe(200);
    }
    await handler.close();
    await store.close();
    const cli = path.join(root, 'dist/server/cli.js');
    const result = spawnSync('bash', ['-o', 'pipefail', '-c', `"${process.execPath}" "${cli}" export --format csv | head -n 1`], {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: '', LEADS_DB: file },
    });
    expect(result.stdout.trim()).toMatch(/^"id","received_at"/);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  }, 60_000);
});
