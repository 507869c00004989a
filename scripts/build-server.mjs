#!/usr/bin/env node
/**
 * Builds `redcliffe-case-study/server` into dist/server/ (part of `npm run build`):
 *  - esbuild bundles server/index.ts and server/cli.ts (with src/shared/lead-fields.ts, the one lead
 *    contract, inlined) into dist/server/index.js and dist/server/cli.js. Code reached only by a
 *    dynamic import() (the SQLite and PostgreSQL stores) lands in dist/server/chunks/, so importing
 *    the entry loads no Node built-in and no driver. Packages (pg, better-sqlite3,
 *    rate-limiter-flexible, csv-stringify) stay external.
 *  - tsc type-checks and writes the declarations to dist/server/types/.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'dist', 'server');
const esbuild = await import(path.join(root, 'node_modules/esbuild/lib/main.js'));

rmSync(out, { recursive: true, force: true });
const built = await esbuild.build({
  absWorkingDir: root,
  entryPoints: { index: 'server/index.ts', cli: 'server/cli.ts' },
  outdir: out,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  chunkNames: 'chunks/[name]-[hash]',
  logLevel: 'warning',
  metafile: true,
});
// What the build read, so `npm start` (demo/ensure-built.mjs) rebuilds when any of it changes.
writeFileSync(path.join(out, 'inputs.json'), `${JSON.stringify(Object.keys(built.metafile.inputs).filter((file) => !file.startsWith('node_modules/')))}\n`);
chmodSync(path.join(out, 'cli.js'), 0o755);

const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'server/tsconfig.json'], {
  cwd: root,
  stdio: 'inherit',
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
