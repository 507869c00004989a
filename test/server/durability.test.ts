/**
 * Durability with real processes, real signals and real databases: the lead server
 * (test/server/fixtures/lead-server.mjs on dist/server) on SQLite and on a real PostgreSQL server.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, killHard, postgresForTests, runCli, sendAll, startLeadServer, stats, stopGently } from './processes.js';
import { validBody } from './helpers.js';

let work: string;
let postgres: Awaited<ReturnType<typeof postgresForTests>>;

beforeAll(async () => {
  await buildServer();
  work = await mkdtemp(path.join(tmpdir(), 'rcs-durability-'));
  postgres = await postgresForTests();
}, 300_000);

afterAll(async () => {
  await postgres?.stop();
  if (work) await rm(work, { recursive: true, force: true });
});

type Engine = { name: string; env: () => Promise<Record<string, string>> };
let dbCount = 0;
const engines: Engine[] = [
  { name: 'SQLite', env: async () => ({ LEADS_DB: path.join(work, `leads-${dbCount++}.db`) }) },
  { name: 'PostgreSQL', env: async () => ({ DATABASE_URL: await postgres.newDatabase() }) },
];

const lead = (i: number, tag: string) => validBody({ 'Work Email': `lead.${tag}.${i}@example.com`, 'Last Name': `Lead ${i}` });

describe.each(engines)('$name', (engine) => {
  const skip = () => engine.name === 'PostgreSQL' && !postgres.url;

  it('kill -9 mid-way through 1,000 leads over 50 connections; restart; resend all 1,000 with the same keys → exactly 1,000 stored', async (context) => {
    if (skip()) return context.skip();
    const env = await engine.env();
    const first = await startLeadServer(env);
    const requests = Array.from({ length: 1000 }, (_, i) => ({ url: first.url, key: `crash-${i}-${crypto.randomUUID()}`, body: lead(i, 'crash') }));
    let answered = 0;
    const acknowledged = new Set<number>();
    let killed: Promise<void> | undefined;
    const sending = sendAll(requests, 50, (i, status) => {
      if (status === 200) acknowledged.add(i);
      if (++answered === 400) killed = killHard(first);
    });
    await sending;
    await killed;
    expect(acknowledged.size).toBeGreaterThanOrEqual(300);
    expect(acknowledged.size).toBeLessThan(1000);
    const afterCrash = stats(env).leads;
    expect(afterCrash).toBeGreaterThanOrEqual(acknowledged.size); // every acknowledged lead is on disk

    const second = await startLeadServer(env);
    try {
      const statuses = await sendAll(
        requests.map((r) => ({ ...r, url: second.url })),
        50,
      );
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
    } finally {
      await stopGently(second);
    }
    expect(stats(env).leads).toBe(1000);
    const emails = runCli(['export', '--format', 'ndjson'], env)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).email as string);
    expect(new Set(emails).size).toBe(1000);
    for (const i of acknowledged) expect(emails).toContain(`lead.crash.${i}@example.com`);
  }, 180_000);

  it('two server processes on one database, the same keys sent to both → no duplicate; same key, other body → 422', async (context) => {
    if (skip()) return context.skip();
    const env = await engine.env();
    const a = await startLeadServer(env);
    const b = await startLeadServer(env);
    try {
      const keys = Array.from({ length: 300 }, (_, i) => ({ key: `twin-${i}-${crypto.randomUUID()}`, body: lead(i, 'twin') }));
      const requests = keys.flatMap(({ key, body }) => [
        { url: a.url, key, body },
        { url: b.url, key, body },
      ]);
      const statuses = await sendAll(requests, 40);
      expect(statuses.filter((s) => s !== 200)).toEqual([]);
      expect(stats(env).leads).toBe(300);

      const key = `reused-${crypto.randomUUID()}`;
      const [one, two] = await sendAll(
        [
          { url: a.url, key, body: lead(1, 'reused-a') },
          { url: b.url, key, body: lead(1, 'reused-b') },
        ],
        2,
      );
      expect([one, two].sort()).toEqual([200, 422]);
      expect(stats(env).leads).toBe(301);
    } finally {
      await Promise.all([stopGently(a), stopGently(b)]);
    }
  }, 120_000);

  // PostgreSQL shares the counters between instances; SQLite keeps them in each process's memory,
  // away from the leads file (a full disk must not refuse leads because of them).
  const sharedLimit = engine.name === 'PostgreSQL';
  it(
    sharedLimit ? 'the rate limit is shared by both processes' : 'each process limits on its own, with no counter in the leads file',
    async (context) => {
      if (skip()) return context.skip();
      const env = { ...(await engine.env()), RATE_LIMIT_POINTS: '10' };
      const a = await startLeadServer(env);
      const b = await startLeadServer(env);
      try {
        const requests = Array.from({ length: 30 }, (_, i) => ({ url: i % 2 ? a.url : b.url, key: crypto.randomUUID(), body: lead(i, 'limited') }));
        const statuses = await sendAll(requests, 1);
        expect(statuses.filter((s) => s === 200)).toHaveLength(sharedLimit ? 10 : 20);
        expect(statuses.filter((s) => s === 429)).toHaveLength(sharedLimit ? 20 : 10);
        if (!sharedLimit) {
          const { default: Database } = await import('better-sqlite3');
          const db = new Database((env as Record<string, string>).LEADS_DB!, { readonly: true });
          const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
          db.close();
          expect(tables.map((table) => table.name)).not.toContain('rate_limits');
        }
      } finally {
        await Promise.all([stopGently(a), stopGently(b)]);
      }
    },
    60_000,
  );

  it('a CRM that is down across a restart gets every lead after it comes back', async (context) => {
    if (skip()) return context.skip();
    // Reserve a port for the CRM, then leave it closed: the CRM is down.
    const probe = createServer();
    probe.listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const port = (probe.address() as AddressInfo).port;
    probe.close();
    const env = {
      ...(await engine.env()),
      CRM_URL: 'https://crm.example.com/leads',
      CRM_TARGET: `http://127.0.0.1:${port}/leads`,
      DELIVERY_INITIAL_MS: '100',
    };
    const first = await startLeadServer(env);
    const requests = Array.from({ length: 20 }, (_, i) => ({
      url: first.url,
      key: crypto.randomUUID(),
      body: JSON.stringify({ url: 'https://crm.example.com/leads', data: JSON.parse(lead(i, 'crm')).data }),
    }));
    expect((await sendAll(requests, 5)).every((s) => s === 200)).toBe(true);
    await waitFor(() => {
      const ndjson = runCli(['export', '--format', 'ndjson'], env)
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      return ndjson.every((l) => l.forwardAttempts >= 1);
    });
    expect(stats(env)).toMatchObject({ leads: 20, pending: 20, forwarded: 0 });
    await killHard(first);

    const received: unknown[] = [];
    const crm: Server = createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        received.push(JSON.parse(text));
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
      });
    });
    crm.listen(port, '127.0.0.1');
    await once(crm, 'listening');
    const second = await startLeadServer(env);
    try {
      // An attempt in flight at the kill holds its lease (2 × 2 s time-out + 5 s) before it is retried.
      await waitFor(() => stats(env).forwarded === 20, 45_000);
      expect(stats(env)).toEqual({ leads: 20, forwarded: 20, pending: 0, failed: 0, notForwarded: 0, spam: 0 });
      expect(new Set(received.map((r) => (r as Record<string, string>)['Work Email'])).size).toBe(20);
      const exported = runCli(['export', '--format', 'ndjson'], env)
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(exported.every((l) => l.forwardStatus === 'delivered' && l.forwardAttempts >= 2)).toBe(true);
    } finally {
      await stopGently(second);
      crm.close();
    }
  }, 90_000);
});

describe.each(engines)('$name, two instances and a CRM', (engine) => {
  const skip = () => engine.name === 'PostgreSQL' && !postgres.url;
  it('kill -9 of one instance between sending leads to the CRM and recording it: every lead delivered at least once, stored once', async (context) => {
    if (skip()) return context.skip();
    // The CRM answers after 300 ms, so each instance has deliveries in flight; it counts every
    // delivery by the Idempotency-Key the lead server sends (the lead's id).
    const received = new Map<string, number>();
    const crm: Server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const key = String(req.headers['idempotency-key']);
        received.set(key, (received.get(key) ?? 0) + 1);
        setTimeout(() => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}'), 300);
      });
    });
    crm.listen(0, '127.0.0.1');
    await once(crm, 'listening');
    const env = {
      ...(await engine.env()),
      CRM_URL: 'https://crm.example.com/leads',
      CRM_TARGET: `http://127.0.0.1:${(crm.address() as AddressInfo).port}/leads`,
      DELIVERY_INITIAL_MS: '100',
    };
    const a = await startLeadServer(env);
    const b = await startLeadServer(env);
    try {
      const requests = Array.from({ length: 200 }, (_, i) => ({
        url: i % 2 ? a.url : b.url,
        key: crypto.randomUUID(),
        body: JSON.stringify({ url: 'https://crm.example.com/leads', data: JSON.parse(lead(i, 'twice')).data }),
      }));
      expect((await sendAll(requests, 10)).every((s) => s === 200)).toBe(true);
      await waitFor(() => received.size >= 20);
      await killHard(a); // its attempts in flight reached the CRM, and will never be recorded
      // B takes A's entries once their lease runs out (2 × 2 s time-out + 5 s).
      await waitFor(() => stats(env).forwarded === 200, 60_000);
      const twice = [...received.values()].filter((count) => count > 1).length;
      console.log(`[measure] ${engine.name}: 200 leads, ${received.size} delivered, ${twice} delivered twice after the kill`);
      expect(stats(env)).toEqual({ leads: 200, forwarded: 200, pending: 0, failed: 0, notForwarded: 0, spam: 0 });
      expect(received.size).toBe(200);
    } finally {
      if (a.child.exitCode === null && a.child.signalCode === null) await killHard(a);
      await stopGently(b);
      crm.close();
    }
  }, 120_000);
});

async function waitFor(check: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
