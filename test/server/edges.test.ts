/**
 * The edges of `serve`: readiness while the database is locked or read-only, broken
 * percent-encoding, the no-JS form's 413, delivery slots per CRM host, and a stop that ends within
 * its grace period while a CRM hangs. Real processes, sockets, SQLite and PostgreSQL.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server, type Socket } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLeadHandler, createPostgresStore, createSqliteStore } from '../../server/index.js';
import { captureLogger, post, validBody } from './helpers.js';
import { buildServer, goodTokens, postgresForTests, root, startServeProcess, type ServeProcess } from './processes.js';

let work: string;
let postgres: Awaited<ReturnType<typeof postgresForTests>>;
beforeAll(async () => {
  await buildServer();
  work = await mkdtemp(path.join(tmpdir(), 'edges-'));
  postgres = await postgresForTests();
}, 300_000);
afterAll(async () => {
  await postgres?.stop();
  await rm(work, { recursive: true, force: true });
});

const stop = async (server: ServeProcess) => {
  server.child.kill('SIGTERM');
  await server.exited;
};

describe('readiness', () => {
  it('is 503 while another process holds the SQLite write lock, and ready again once it lets go', async () => {
    const file = path.join(work, 'locked.db');
    const server = await startServeProcess({ LEADS_DB: file });
    try {
      expect((await fetch(`${server.origin}/readyz`)).status).toBe(200);
      const script = `const db = new (require('better-sqlite3'))(process.argv[1]); db.exec('BEGIN IMMEDIATE'); console.log('locked');
        process.stdin.once('data', () => { db.exec('ROLLBACK'); db.close(); });`;
      const holder = spawn(process.execPath, ['-e', script, file], { cwd: root, stdio: ['pipe', 'pipe', 'inherit'] });
      await new Promise<void>((resolve) => holder.stdout!.on('data', (chunk) => String(chunk).includes('locked') && resolve()));
      const locked = await fetch(`${server.origin}/readyz`);
      expect(locked.status).toBe(503);
      expect(await locked.json()).toMatchObject({ status: 'unavailable', problem: expect.stringMatching(/locked by another process/) });
      holder.stdin!.end('go\n');
      await once(holder, 'exit');
      expect((await fetch(`${server.origin}/readyz`)).status).toBe(200);
    } finally {
      await stop(server);
    }
  }, 60_000);

  it('says a PostgreSQL database that cannot be written is not ready', async (context) => {
    if (!postgres.url) return context.skip();
    const store = await createPostgresStore({ connectionString: await postgres.newDatabase(), max: 1 });
    try {
      expect(await store.health()).toEqual({ ok: true });
      await store.pool.query('SET default_transaction_read_only = on');
      expect(await store.health()).toEqual({ ok: false, problem: expect.stringMatching(/read-only/) });
    } finally {
      await store.close();
    }
  });
});

describe('bad requests', () => {
  let server: ServeProcess;
  beforeAll(async () => {
    server = await startServeProcess({ LEADS_DB: path.join(work, 'bad.db') });
  }, 30_000);
  afterAll(() => stop(server));

  it('answers 400 to an asset path with broken percent-encoding, without an error line', async () => {
    const version = /\/assets\/([^/]+)\//.exec(await (await fetch(`${server.origin}/`)).text())![1];
    const response = await fetch(`${server.origin}/assets/${version}/chunks/%E0%A4%A.js`);
    expect(response.status).toBe(400);
    expect((await response.json()).error).toBe('bad_request');
    expect(server.stderr()).not.toMatch(/request failed/);
  });

  it("answers the no-JS form's oversized post with the styled form page, a JSON client with JSON", async () => {
    const big = new URLSearchParams({ 'First Name': 'A'.repeat(20_000), 'Last Name': 'B', 'Work Email': 'a@example.com' }).toString();
    const form = await fetch(`${server.origin}/api/download-case-study/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.origin },
      body: big,
    });
    expect(form.status).toBe(413);
    expect(form.headers.get('content-type')).toMatch(/^text\/html/);
    expect(form.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    expect(await form.text()).toMatch(/<main>.*The form could not be read/);
    const json = await fetch(`${server.origin}/api/download-case-study/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(20_000) }),
    });
    expect(json.status).toBe(413);
    expect((await json.json()).error).toBe('payload_too_large');
  });
});

describe('delivery', () => {
  it("gives each CRM host its own slots: a healthy host's lead is sent at once behind 16 hung ones", async () => {
    const HUNG = 'https://hung.example.com/f';
    const OK = 'https://ok.example.com/f';
    const fetch = vi.fn((url: string | URL | Request, init?: RequestInit) =>
      String(url).startsWith(HUNG)
        ? new Promise<Response>((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)))
        : Promise.resolve(new Response('ok')),
    );
    const store = await createSqliteStore({ file: path.join(work, 'hosts.db') });
    const handler = createLeadHandler({
      pdfUrl: '/p.pdf',
      store,
      logger: captureLogger(),
      rateLimit: false,
      forwardAllowlist: [HUNG, OK],
      fetch: fetch as typeof globalThis.fetch,
      delivery: { loop: false, timeoutMs: 4000 },
    });
    for (let i = 0; i < 16; i++) expect((await handler(post(validBody({ 'Work Email': `hung${i}@example.com` }, HUNG)))).status).toBe(200);
    const hung = handler.deliver();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(8)); // the hung host's 8 slots
    expect((await handler(post(validBody({ 'Work Email': 'healthy@example.com' }, OK)))).status).toBe(200);
    const started = Date.now();
    await vi.waitFor(async () => expect((await store.stats()).forwarded).toBe(1), { timeout: 1500 });
    console.log(`[measure] healthy host's lead delivered ${Date.now() - started} ms after it was stored, behind 16 hung leads`);
    expect(fetch.mock.calls.filter(([url]) => String(url).startsWith(HUNG))).toHaveLength(8); // the other 8 wait for their host's slots
    await hung;
    await handler.close();
    await store.close();
  }, 20_000);
});

describe('stopping', () => {
  let crm: Server;
  const sockets: Socket[] = [];
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    crm?.close();
  });

  it('ends within the grace period while a CRM hangs on a delivery', async () => {
    // A "CRM" that accepts the connection and never answers, not even the TLS handshake.
    crm = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => crm.listen(0, '127.0.0.1', resolve));
    const form = `https://127.0.0.1:${(crm.address() as { port: number }).port}/f`;
    const server = await startServeProcess({ LEADS_DB: path.join(work, 'stop.db'), FORWARD_ALLOWLIST: form, SHUTDOWN_GRACE_SECONDS: '1.5' });
    const [token] = await goodTokens(server.origin, 1);
    const response = await fetch(`${server.origin}/api/download-case-study/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: form, data: { 'First Name': 'Ada', 'Last Name': 'Lovelace', 'Work Email': 'ada@example.com' }, lead_token: token }),
    });
    expect(response.status).toBe(200);
    await vi.waitFor(() => expect(sockets.length).toBe(1), { timeout: 5000 }); // the delivery attempt hangs (10 s time-out)
    const started = Date.now();
    server.child.kill('SIGTERM');
    const [code] = (await server.exited) as [number];
    const took = Date.now() - started;
    console.log(`[measure] stopped ${took} ms after SIGTERM with a delivery hanging (grace 1.5 s, attempt time-out 10 s)`);
    expect(code).toBe(0);
    expect(took).toBeLessThan(4000);
    expect(server.stdout()).toMatch(/grace period over/);
  }, 30_000);
});
