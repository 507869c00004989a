/** Real processes for the durability tests: lead servers, the CLI, a throw-away PostgreSQL. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ensureBuilt } from '../../demo/ensure-built.mjs';
import { MIN_FILL_MS } from '../../src/shared/bot-traps.js';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fixture = path.join(root, 'test/server/fixtures/lead-server.mjs');
const cli = path.join(root, 'dist/server/cli.js');

/** Builds dist/server if it is missing or older than server/ (the child processes run the build). */
export async function buildServer(): Promise<void> {
  await ensureBuilt({ log: () => {} });
}

export interface LeadServer {
  url: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<unknown>;
  stderr: () => string;
}

/** Starts test/server/fixtures/lead-server.mjs with `env` on top of ours; resolves once it listens. */
export async function startLeadServer(env: Record<string, string>): Promise<LeadServer> {
  const child = spawn(process.execPath, [fixture], {
    env: { ...process.env, DATABASE_URL: '', LEADS_DB: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk) => (errors += chunk));
  const exited = once(child, 'exit');
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /listening (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    void exited.then(() => reject(new Error(`lead server exited before listening:\n${errors}`)));
  });
  return { url: `http://127.0.0.1:${port}/api/lead`, child, exited, stderr: () => errors };
}

export async function killHard(server: LeadServer): Promise<void> {
  server.child.kill('SIGKILL');
  await server.exited;
}

export async function stopGently(server: LeadServer): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

/** Runs `redcliffe-leads` (dist/server/cli.js) with `env`; returns stdout, or throws with stderr. */
export function runCli(args: string[], env: Record<string, string>): string {
  const result = spawnSync(process.execPath, [cli, ...args], {
    env: { ...process.env, DATABASE_URL: '', LEADS_DB: '', ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`redcliffe-leads ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return result.stdout;
}

export function stats(env: Record<string, string>): { leads: number; forwarded: number; pending: number; failed: number } {
  return JSON.parse(runCli(['stats'], env));
}

/**
 * A PostgreSQL server for the tests: `DATABASE_URL_TEST` when set (.ci/run starts one), else one
 * started here with scripts/test-postgres.sh (Debian's postgresql package). Without either, the
 * PostgreSQL tests are skipped with a loud message, except under CI, where they fail.
 */
export async function postgresForTests(): Promise<{ url: string | undefined; newDatabase: () => Promise<string>; stop: () => Promise<void> }> {
  let base = process.env.DATABASE_URL_TEST;
  let dir: string | undefined;
  if (!base) {
    const started = spawnSync('bash', [path.join(root, 'scripts/test-postgres.sh'), 'start'], { encoding: 'utf8' });
    if (started.status === 0) {
      dir = /PGDATA_DIR=(.*)/.exec(started.stdout)?.[1];
      base = /DATABASE_URL_TEST=(.*)/.exec(started.stdout)?.[1];
    } else {
      const why = `${started.stderr || started.error?.message || ''}`.trim();
      if (process.env.CI) throw new Error(`CI: no PostgreSQL server for the tests (set DATABASE_URL_TEST or install postgresql): ${why}`);
      console.warn(
        `\n${'!'.repeat(78)}\n!! SKIPPING the PostgreSQL tests: no DATABASE_URL_TEST and no server could be started.\n!! ${why}\n!! Install Debian's postgresql (apt-get install postgresql) or set DATABASE_URL_TEST.\n${'!'.repeat(78)}\n`,
      );
    }
  }
  let count = 0;
  return {
    url: base,
    async newDatabase() {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      const name = `leads_${process.pid}_${Date.now()}_${count++}`;
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(base!);
      url.pathname = `/${name}`;
      return url.href;
    },
    async stop() {
      if (dir) spawnSync('bash', [path.join(root, 'scripts/test-postgres.sh'), 'stop', dir]);
    },
  };
}

/** Sends `requests` with at most `connections` in flight; returns each one's status (0 = network error). */
export async function sendAll(
  requests: { url: string; key: string; body: string }[],
  connections: number,
  onAnswer?: (index: number, status: number) => void,
): Promise<number[]> {
  const statuses = new Array<number>(requests.length).fill(0);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const i = next++;
      const { url, key, body } = requests[i]!;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
          body,
        });
        await response.arrayBuffer();
        statuses[i] = response.status;
      } catch {
        statuses[i] = 0;
      }
      onAnswer?.(i, statuses[i]!);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return statuses;
}

export interface ServeProcess {
  origin: string;
  child: ChildProcess;
  exited: Promise<unknown>;
  stdout: () => string;
  stderr: () => string;
}

/** Starts `redcliffe-leads serve` (dist/server/cli.js) on a free port with `env`; resolves once it listens. */
export async function startServeProcess(env: Record<string, string>): Promise<ServeProcess> {
  const child = spawn(process.execPath, [cli, 'serve'], {
    env: { ...process.env, DATABASE_URL: '', LEADS_DB: '', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let errors = '';
  child.stderr!.on('data', (chunk) => (errors += chunk));
  const exited = once(child, 'exit');
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /"message":"listening","port":(\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    void exited.then(() => reject(new Error(`serve exited before listening:\n${errors}`)));
  });
  return { origin: `http://127.0.0.1:${port}`, child, exited, stdout: () => out, stderr: () => errors };
}

/** Runs `redcliffe-leads` with `args` and `env`, whatever its exit code. */
export function runCliRaw(args: string[], env: Record<string, string>): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [cli, ...args], {
    env: { ...process.env, DATABASE_URL: '', LEADS_DB: '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * `count` spam tokens from a serve server's lead endpoint, returned once they are old enough to
 * count (server/spam/token.ts): a lead that carries one (`lead_token`) is a person's, not spam.
 */
export async function goodTokens(origin: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) tokens.push(((await (await fetch(`${origin}/api/download-case-study/`)).json()) as { token: string }).token);
  await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS + 100));
  return tokens;
}
