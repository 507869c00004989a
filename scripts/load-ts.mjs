/**
 * A TypeScript module of src/ loaded into a build script: esbuild compiles it (its packages stay
 * imports) into node_modules/.cache, where they resolve, it is imported from there and the file deleted.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.join(import.meta.dirname, '..');

/** The module at `entry` (relative to the repository), compiled. */
export async function loadTs(entry) {
  const name = path.basename(entry, path.extname(entry));
  const outfile = path.join(root, 'node_modules', '.cache', 'redcliffe-case-study', `${name}-${process.pid}-${Date.now()}.mjs`);
  await esbuild.build({
    entryPoints: [path.join(root, entry)],
    bundle: true,
    packages: 'external',
    format: 'esm',
    platform: 'node',
    outfile,
    logLevel: 'silent',
  });
  try {
    return await import(pathToFileURL(outfile).href);
  } finally {
    await rm(outfile, { force: true });
  }
}
