/**
 * SQLite on a 2 MiB volume that fills up: lead posts answer 503 (never 500, never a lost 200),
 * /readyz says the disk is full, and as soon as space is freed the server takes leads again,
 * without a restart. Needs root to mount a tmpfs; under CI it must run.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, runCli, startServeProcess } from './processes.js';

let volume: string;
let mounted = false;
beforeAll(async () => {
  await buildServer();
  volume = await mkdtemp(path.join(tmpdir(), 'small-disk-'));
  mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', volume]).status === 0;
  if (!mounted && process.env.CI) throw new Error('could not mount a 2 MiB tmpfs (the small-disk test needs root)');
}, 180_000);
afterAll(async () => {
  if (mounted) execFileSync('umount', [volume]);
  await rm(volume, { recursive: true, force: true });
});

const long = (n: number) => `${n}-${'x'.repeat(190)}`;
const lead = (n: number) =>
  JSON.stringify({
    url: '',
    data: {
      'First Name': long(n),
      'Last Name': long(n),
      'Work Email': `full.${n}@example.com`,
      page_url: `https://example.com/${long(n).slice(0, 150)}`,
      referrer: '',
      utm_source: long(n),
      utm_medium: long(n),
      utm_campaign: long(n),
      utm_term: long(n),
      utm_content: long(n),
    },
  });

describe('SQLite on a volume that fills up', () => {
  it('answers 503 while full, says so on /readyz, and takes leads again once space is freed', async (context) => {
    if (!mounted) return context.skip();
    const filler = path.join(volume, 'filler');
    await writeFile(filler, Buffer.alloc(700 * 1024));
    const db = path.join(volume, 'leads.db');
    const server = await startServeProcess({ LEADS_DB: db, RATE_LIMIT_POINTS: '0' });
    const post = (n: number) =>
      fetch(`${server.origin}/api/download-case-study/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `full-${n}` },
        body: lead(n),
      });
    try {
      const statuses: number[] = [];
      let n = 0;
      while (!statuses.includes(503) && n < 5000) statuses.push((await post(n++)).status);
      const accepted = statuses.filter((status) => status === 200).length;
      console.log(`[measure] ${accepted} leads accepted before the volume was full`);
      expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
      const full = await fetch(`${server.origin}/readyz`);
      expect(full.status).toBe(503);
      expect((await full.json()).problem).toMatch(/disk full/);
      expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);

      await rm(filler);
      let after = 0;
      for (let i = 0; i < 20 && after !== 200; i++) after = (await post(n++)).status;
      expect(after).toBe(200);
      expect((await fetch(`${server.origin}/readyz`)).status).toBe(200);
      server.child.kill('SIGTERM');
      await server.exited;
      // Every 200 is a stored lead: nothing acknowledged was lost to the full disk.
      expect(JSON.parse(runCli(['stats'], { LEADS_DB: db })).leads).toBe(accepted + 1);
    } finally {
      if (server.child.exitCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
  }, 120_000);
});
