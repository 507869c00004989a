/**
 * The first command docs/server.md and docs/cms.md give, on a clean machine: `npx redcliffe-leads
 * serve` finds the package named `redcliffe-leads` (packages/redcliffe-leads), which brings the
 * SQLite driver and the element's package, and runs. Both tarballs are installed into an empty
 * folder, as npx installs them, and the documented command runs there, printed as in the docs.
 *
 * One step differs from a machine on the internet: better-sqlite3's install script fetches a
 * prebuilt binary from GitHub (or compiles SQLite, minutes on this machine). Offline, the install
 * runs without scripts and the binary this repository's install built for the same version and
 * Node is put where that script would put it.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { root } from '../e2e/hosts/package.js';

const pack = inject('pack');
const LEADS = path.join(root, 'packages/redcliffe-leads');
const clean = path.join(pack.work, 'clean-machine');
const children: ChildProcess[] = [];

/** The first `sh` block under `## \`redcliffe-leads serve\`` in docs/server.md: `NAME=value … npx redcliffe-leads serve`. */
function documentedServe(): { env: Record<string, string>; command: string[] } {
  const doc = readFileSync(path.join(root, 'docs/server.md'), 'utf8');
  const line = doc.match(/^## `redcliffe-leads serve`\n\n```sh\n(.+)\n```/m)![1]!;
  const words = line.split(/\s+/);
  const env = Object.fromEntries(words.filter((word) => /^[A-Z_]+=/.test(word)).map((word) => word.split(/=(.*)/).slice(0, 2) as [string, string]));
  return { env, command: words.filter((word) => !/^[A-Z_]+=/.test(word)) };
}

beforeAll(() => {
  const out = execFileSync('npm', ['pack', '--json', '--pack-destination', pack.work], { cwd: LEADS, encoding: 'utf8' });
  const leadsTarball = path.join(pack.work, JSON.parse(out.slice(out.indexOf('[')))[0].filename);
  mkdirSync(clean);
  writeFileSync(path.join(clean, 'package.json'), JSON.stringify({ name: 'clean-machine', private: true }));
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-package-lock', '--ignore-scripts', pack.tarball, leadsTarball], {
    cwd: clean,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const release = 'node_modules/better-sqlite3/build/Release';
  mkdirSync(path.join(clean, release), { recursive: true });
  copyFileSync(path.join(root, release, 'better_sqlite3.node'), path.join(clean, release, 'better_sqlite3.node'));
}, 180_000);

// npx runs the command as a child of its own: the whole process group is stopped, or the server
// outlives the test run.
afterAll(async () => {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const exited = once(child, 'exit');
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
});

describe('npx redcliffe-leads serve on a clean machine', () => {
  it('the package is named as the command, brings SQLite, and runs the same version of the element package', () => {
    const leads = JSON.parse(readFileSync(path.join(LEADS, 'package.json'), 'utf8'));
    const element = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(leads.name).toBe('redcliffe-leads');
    expect(Object.keys(leads.bin)).toEqual(['redcliffe-leads']);
    expect(leads.version).toBe(element.version);
    expect(leads.dependencies['redcliffe-case-study']).toBe(element.version);
    expect(leads.dependencies['better-sqlite3']).toBeTruthy();
    expect(leads.peerDependenciesMeta.pg.optional).toBe(true);
    expect(leads.engines.node).toBe(element.engines.node);
  });

  it('runs the documented command: /healthz answers, a lead is stored in SQLite, `stats` counts it', async () => {
    const { env, command } = documentedServe();
    expect(command).toEqual(['npx', 'redcliffe-leads', 'serve']);
    expect(env.PUBLIC_ORIGIN).toBeTruthy();
    // PORT 0 (any free port) and loopback: documented settings, so the test never takes 8787.
    const child = spawn(command[0]!, command.slice(1), {
      cwd: clean,
      env: { ...process.env, ...env, PORT: '0', HOST: '127.0.0.1', npm_config_offline: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.push(child);
    const origin = await new Promise<string>((resolve, reject) => {
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk;
        // Its start line: {"…","message":"listening","port":<the port PORT=0 got>,…}
        const match = output.match(/"message":"listening","port":(\d+)/);
        if (match) resolve(`http://127.0.0.1:${match[1]}`);
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => reject(new Error(`npx redcliffe-leads serve exited (${code}):\n${output}`)));
    });
    const health = await fetch(`${origin}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const data = {
      'First Name': 'Ada',
      'Last Name': 'Lovelace',
      'Work Email': 'ada@example.com',
      page_url: 'https://www.example.com/case-study/redcliffe-labs/',
      referrer: '',
      utm_source: '',
      utm_medium: '',
      utm_campaign: '',
      utm_term: '',
      utm_content: '',
    };
    const lead = await fetch(`${origin}/api/download-case-study/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: '', data }),
    });
    expect(lead.status).toBe(200);
    expect((await lead.json()).pdf_url).toMatch(/Leaflet_Case_Study_One_Pager\.pdf$/);
    const stats = spawnSync('npx', ['redcliffe-leads', 'stats'], { cwd: clean, encoding: 'utf8', env: { ...process.env, npm_config_offline: 'true' } });
    expect(stats.status, stats.stderr).toBe(0);
    expect(JSON.parse(stats.stdout).leads).toBe(1);
  }, 60_000);

  it('without the driver (the element package alone), the server says what to install', () => {
    const only = path.join(pack.installed);
    // An existing file, so the command gets as far as opening it (a missing one is refused first).
    const db = path.join(pack.work, 'no-driver.db');
    writeFileSync(db, '');
    const result = spawnSync(process.execPath, ['node_modules/redcliffe-case-study/dist/server/cli.js', 'stats'], {
      cwd: only,
      encoding: 'utf8',
      env: { ...process.env, LEADS_DB: db },
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('needs the better-sqlite3 package');
    expect(result.stderr).toContain('npx redcliffe-leads serve');
    expect(result.stderr).not.toMatch(/Cannot find package/);
  });
});
