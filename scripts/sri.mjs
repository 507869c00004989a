#!/usr/bin/env node
/**
 * Subresource Integrity for the published JavaScript: writes dist/integrity.json
 *   { "version": "0.1.0", "algorithm": "sha384", "files": { "dist/redcliffe-case-study.js": "sha384-…", … } }
 * (served by the CDN next to the script: …/redcliffe-case-study@<version>/dist/integrity.json)
 * and prints the snippet a CMS editor pastes.
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

if (!process.argv.includes('--quiet')) {
  console.log(`dist/integrity.json written (${Object.keys(files).length} files).\n`);
  console.log('CMS / script-tag snippet:\n');
  console.log(`<script type="module" src="${cdn}${MAIN}"\n        integrity="${files[MAIN]}" crossorigin="anonymous"></script>`);
  console.log(`<redcliffe-case-study></redcliffe-case-study>\n`);
  console.log('Optional, placed before it — also pins the lazy chunks (import-map integrity):\n');
  console.log(`<script type="importmap">\n${JSON.stringify(importMap, null, 2)}\n</script>`);
}
