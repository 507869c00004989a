/**
 * The framework packages the recipe apps build with (Vue, Svelte, Astro, Express, their type
 * checkers; test/hosts/frameworks/package.json and its lock), installed from the npm registry once
 * into node_modules/.cache/redcliffe-frameworks/ and reused until that manifest changes. Every app
 * links its node_modules there: one install for all apps and all runs.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { root } from './package.js';

const run = promisify(execFile);
const MANIFEST_DIR = path.join(root, 'test/hosts/frameworks');
export const FRAMEWORKS_CACHE = path.join(root, 'node_modules/.cache/redcliffe-frameworks');

/** Installs the framework packages unless the cache already holds this manifest's install; returns the seconds it took (0 when cached). */
export async function ensureFrameworkDeps(): Promise<number> {
  const files = ['package.json', 'package-lock.json'];
  const hash = createHash('sha256');
  for (const file of files) hash.update(await readFile(path.join(MANIFEST_DIR, file)));
  const digest = hash.digest('hex');
  const stamp = path.join(FRAMEWORKS_CACHE, '.installed');
  if (existsSync(stamp) && (await readFile(stamp, 'utf8')) === digest) return 0;
  const started = Date.now();
  await rm(FRAMEWORKS_CACHE, { recursive: true, force: true });
  await mkdir(FRAMEWORKS_CACHE, { recursive: true });
  for (const file of files) await copyFile(path.join(MANIFEST_DIR, file), path.join(FRAMEWORKS_CACHE, file));
  await run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], { cwd: FRAMEWORKS_CACHE, maxBuffer: 16 << 20 });
  await writeFile(stamp, digest);
  return (Date.now() - started) / 1000;
}

/**
 * A binary of the cached packages, run with this Node: resolves with its output, or rejects with
 * it. NODE_ENV is `production` unless `env` says otherwise (vitest's `test` would make the
 * frameworks build for development).
 */
export function runBin(bin: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  return run(process.execPath, [path.join(FRAMEWORKS_CACHE, 'node_modules', bin), ...args], {
    cwd,
    env: { ...process.env, NODE_ENV: 'production', ...env },
    maxBuffer: 16 << 20,
  });
}
