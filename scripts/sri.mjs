#!/usr/bin/env node
/**
 * Subresource Integrity for the published JavaScript: writes dist/integrity.json
 *   { "version": "0.1.0", "algorithm": "sha384", "files": { "dist/redcliffe-case-study.js": "sha384-…", … } }
 * (served by the CDN next to the script: …/redcliffe-case-study@<version>/dist/integrity.json)
 * and prints the snippet a CMS editor pastes. `--check-readme` (run by prepublishOnly) fails unless
 * README.md cites this version's CDN URL and this build's hash, so a stale value cannot be published.
 *
 * `integrity` on the <script> covers the main file. The two lazy chunks are fetched by dynamic
 * import(), which no `integrity` attribute reaches; browsers that support import-map integrity
 * (Chromium 127+, Safari 18+, Firefox 138+) check them too when the page adds the printed import map.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { name, version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
const MAIN = 'dist/redcliffe-case-study.js';
const cdn = `https://cdn.jsdelivr.net/npm/${name}@${version}/`;

const sri = async (file) => `sha384-${createHash('sha384').update(await readFile(join(root, file))).digest('base64')}`;

const chunks = (await readdir(join(root, 'dist/chunks')).catch(() => []))
  .filter((file) => file.endsWith('.js'))
  .sort()
  .map((file) => `dist/chunks/${file}`);

const files = {};
for (const file of [MAIN, ...chunks]) files[file] = await sri(file);

const integrity = { version, algorithm: 'sha384', files };
await writeFile(join(root, 'dist/integrity.json'), `${JSON.stringify(integrity, null, 2)}\n`);

const importMap = {
  integrity: Object.fromEntries(chunks.map((file) => [cdn + file, files[file]])),
};

if (process.argv.includes('--check-readme')) {
  // Before publishing: the README's CMS snippet must cite this version and this build's hash.
  const readme = await readFile(join(root, 'README.md'), 'utf8');
  const problems = [];
  if (!readme.includes(`${cdn}${MAIN}`)) problems.push(`README.md does not cite ${cdn}${MAIN}`);
  if (!readme.includes(files[MAIN])) problems.push(`README.md does not cite this build's integrity ${files[MAIN]}`);
  const stale = [...readme.matchAll(/sha384-[A-Za-z0-9+/=]{64}/g)].map((match) => match[0]).filter((hash) => !Object.values(files).includes(hash));
  if (stale.length) problems.push(`README.md cites integrity values of another build: ${[...new Set(stale)].join(', ')}`);
  if (problems.length) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  console.log('README.md cites this version and integrity.');
} else if (!process.argv.includes('--quiet')) {
  console.log(`dist/integrity.json written (${Object.keys(files).length} files).\n`);
  console.log('CMS / script-tag snippet:\n');
  console.log(`<script type="module" src="${cdn}${MAIN}"\n        integrity="${files[MAIN]}" crossorigin="anonymous"></script>`);
  console.log(`<redcliffe-case-study></redcliffe-case-study>\n`);
  console.log('Optional, placed before it — also pins the lazy chunks (import-map integrity):\n');
  console.log(`<script type="importmap">\n${JSON.stringify(importMap, null, 2)}\n</script>`);
}
