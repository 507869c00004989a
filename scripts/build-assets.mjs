#!/usr/bin/env node
/**
 * Builds `redcliffe-case-study/assets` (src/node/assets.ts) into dist/assets.js, part of
 * `npm run build`: a Node module that serves the element's browser files from the installed
 * package. esbuild bundles it (src/version.ts inlined, Node built-ins external); tsc type-checks
 * it against the Node typings and writes dist/types/node/assets.d.ts. It lives apart from the
 * browser build because only it may use Node's types.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const esbuild = await import(path.join(root, 'node_modules/esbuild/lib/main.js'));

await esbuild.build({
  absWorkingDir: root,
  entryPoints: { assets: 'src/node/assets.ts' },
  outdir: path.join(root, 'dist'),
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});

const tsc = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'src/node/tsconfig.json'], {
  cwd: root,
  stdio: 'inherit',
});
if (tsc.status !== 0) process.exit(tsc.status ?? 1);
