/**
 * A slow-header flood (1,100 sockets that send half a request and then trickle) against a real
 * lead server process with NODE_SERVER_OPTIONS: a normal visitor is answered at once, and the
 * server cuts the slow sockets at headersTimeout instead of holding them for minutes.
 */
import { connect, type Socket } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { validBody } from './helpers.js';
import { buildServer, startLeadServer, stopGently, type LeadServer } from './processes.js';

let work: string;
let server: LeadServer;
beforeAll(async () => {
  await buildServer();
  work = await mkdtemp(path.join(tmpdir(), 'rcs-slow-'));
  server = await startLeadServer({ LEADS_DB: path.join(work, 'leads.db'), HEADERS_TIMEOUT_MS: '2000' });
}, 300_000);
afterAll(async () => {
  if (server) await stopGently(server);
  if (work) await rm(work, { recursive: true, force: true });
});

it('1,100 slow-header sockets do not delay a normal visitor, and are cut at headersTimeout', async () => {
  const { port } = new URL(server.url);
  const sockets: Socket[] = [];
  const closedAt: number[] = [];
  const opened = Date.now();
  await Promise.all(
    Array.from(
      { length: 1100 },
      () =>
        new Promise<void>((resolve) => {
          const socket = connect(Number(port), '127.0.0.1', () => {
            socket.write('POST /api/lead HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
            resolve();
          });
          socket.on('error', () => resolve());
          socket.on('close', () => closedAt.push(Date.now()));
          sockets.push(socket);
        }),
    ),
  );
  const trickle = setInterval(() => {
    for (const socket of sockets) if (!socket.destroyed) socket.write('a');
  }, 500);
  try {
    const visitors: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      const response = await fetch(server.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
        body: validBody({ 'Last Name': `Visitor ${i}` }),
      });
      expect(response.status).toBe(200);
      visitors.push(Date.now() - started);
    }
    expect(Math.max(...visitors)).toBeLessThan(1000);

    // The server closes every slow socket soon after its 2 s header budget (checked every second).
    const deadline = Date.now() + 10_000;
    while (closedAt.length < sockets.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(closedAt.length).toBe(sockets.length);
    expect(Math.max(...closedAt) - opened).toBeLessThan(6000);
  } finally {
    clearInterval(trickle);
    for (const socket of sockets) socket.destroy();
  }
}, 60_000);
