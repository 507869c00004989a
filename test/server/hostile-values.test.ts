/**
 * Values that look harmless in a form and are not: names drawn with invisible letters, and page
 * addresses that are scripts. Through a real `serve` process on SQLite and the handler on
 * PostgreSQL; the export shows what was stored.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldProblem } from '../../src/shared/field-checks.js';
import { fieldOf } from '../../src/shared/lead-fields.js';
import { createLeadHandler, createPostgresStore } from '../../server/index.js';
import { captureLogger } from './helpers.js';
import { buildServer, postgresForTests, runCli, startServeProcess, type ServeProcess } from './processes.js';

const INVISIBLE_NAMES = ['\u3164', '\u2800\u2800', '\u115F\u1160', '\uFFA0', 'A\u3164', '\u17B4', '\u180E'];

const body = (data: Record<string, string>) =>
  JSON.stringify({ url: '', data: { 'First Name': 'Asha', 'Last Name': 'Rao', 'Work Email': 'asha@example.com', ...data } });

it('the shared check refuses names of invisible letters, as the element and the server both apply it', () => {
  for (const name of INVISIBLE_NAMES) expect(fieldProblem(fieldOf('firstName'), name), JSON.stringify(name)).toBe('invalid characters');
  expect(fieldProblem(fieldOf('firstName'), '김민준')).toBeUndefined();
  expect(fieldProblem(fieldOf('firstName'), 'Zoë-Anne O’Brien')).toBeUndefined();
});

describe('serve on SQLite', () => {
  let work: string;
  let server: ServeProcess;
  beforeAll(async () => {
    await buildServer();
    work = await mkdtemp(path.join(tmpdir(), 'hostile-'));
    server = await startServeProcess({ LEADS_DB: path.join(work, 'leads.db'), RATE_LIMIT_POINTS: '0' });
  }, 180_000);
  afterAll(async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    await rm(work, { recursive: true, force: true });
  });
  const send = (data: Record<string, string>) =>
    fetch(`${server.origin}/api/download-case-study/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: body(data) });

  it('answers 400 naming the field for every invisible name', async () => {
    for (const name of INVISIBLE_NAMES) {
      const response = await send({ 'Last Name': name });
      expect(response.status).toBe(400);
      expect((await response.json()).fields).toEqual({ 'Last Name': 'invalid characters' });
    }
  });

  it('takes the story id beside url and data, and answers 400 naming `story` for one that is not a slug', async () => {
    const post = (story: unknown) =>
      fetch(`${server.origin}/api/download-case-study/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: '', story, data: { 'First Name': 'Asha', 'Last Name': 'Rao', 'Work Email': 'story@example.com' } }),
      });
    expect((await post('northwind-clinics')).status).toBe(200);
    for (const story of ['<script>', 'Upper-Case', 'a'.repeat(65), 12]) {
      const response = await post(story);
      expect(response.status, JSON.stringify(story)).toBe(400);
      expect(Object.keys((await response.json()).fields)).toEqual(['story']);
    }
  });

  it('drops a page address or referrer that is not http(s), and keeps one that is', async () => {
    expect(
      (await send({ 'Work Email': 'js@example.com', page_url: 'javascript:alert(document.domain)', referrer: 'data:text/html,<script>1</script>' })).status,
    ).toBe(200);
    expect((await send({ 'Work Email': 'ok@example.com', page_url: 'https://www.example.com/story/', referrer: 'https://news.example.org/' })).status).toBe(
      200,
    );
    const leads = runCli(['export', '--format', 'ndjson', '--include-spam'], { LEADS_DB: path.join(work, 'leads.db') }) // sent without a spam token: stored as spam
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(leads.find((lead) => lead.email === 'js@example.com')).toMatchObject({ pageUrl: '', referrer: '' });
    expect(leads.find((lead) => lead.email === 'ok@example.com')).toMatchObject({
      pageUrl: 'https://www.example.com/story/',
      referrer: 'https://news.example.org/',
    });
  });
});

describe('the handler on PostgreSQL', () => {
  let postgres: Awaited<ReturnType<typeof postgresForTests>>;
  beforeAll(async () => {
    postgres = await postgresForTests();
  }, 120_000);
  afterAll(() => postgres?.stop());

  it('stores neither an invisible name nor a script address', async (context) => {
    if (!postgres.url) return context.skip();
    const store = await createPostgresStore({ connectionString: await postgres.newDatabase() });
    const handler = createLeadHandler({ pdfUrl: '/one-pager.pdf', store, logger: captureLogger(), rateLimit: false, delivery: { loop: false } });
    const send = (data: Record<string, string>) =>
      handler(new Request('https://example.com/api', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: body(data) }));
    expect((await send({ 'First Name': '\u3164' })).status).toBe(400);
    expect((await send({ page_url: 'javascript:alert(1)' })).status).toBe(200);
    const leads = [];
    for await (const lead of store.exportLeads()) leads.push(lead);
    expect(leads).toEqual([expect.objectContaining({ firstName: 'Asha', pageUrl: '' })]);
    await handler.close();
    await store.close();
  });
});
