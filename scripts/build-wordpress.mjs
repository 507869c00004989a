#!/usr/bin/env node
/**
 * The WordPress plugin (docs/cms.md): wordpress/ (the PHP, the block, readme.txt) with this
 * build's element and PDF, as
 *
 *   dist/wordpress/redcliffe-case-study/       the plugin folder (what the zip holds)
 *   dist/wordpress/redcliffe-case-study.zip    the file to upload in Plugins → Add New → Upload
 *
 * The element's files go to assets/<version>/ (the entry, its chunks, the PDF beside them where
 * the element looks for it, the licences of the bundled packages), so the site serves them at an
 * address that changes with the version. assets/manifest.json names the entry, the core and every
 * file the import map pins, with the hashes of dist/integrity.json and the same retry addresses
 * as the CDN snippet (scripts/sri.mjs). assets/story.schema.json is the story schema the plugin
 * checks an uploaded story's top level by. `%VERSION%` in the sources is package.json's version.
 * Needs `npm run build`'s earlier steps (dist/integrity.json last).
 */
import { cp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { ENTRY, PDF, importMapIntegrity } from './sri.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const PLUGIN_SLUG = 'redcliffe-case-study';
const PLUGIN_DIR = path.join(root, 'dist/wordpress', PLUGIN_SLUG);
const PLUGIN_ZIP = path.join(root, 'dist/wordpress', `${PLUGIN_SLUG}.zip`);
/** Text sources in which `%VERSION%` is replaced. */
const TEXT = /\.(php|js|json|txt)$/;
/** A fixed date for every entry, so the same build makes the same zip. */
const ZIP_DATE = new Date('2026-01-01T00:00:00Z');

async function filesUnder(dir, prefix = '') {
  const found = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const relative = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(path.join(dir, entry.name), relative)));
    else found.push(relative);
  }
  return found.sort();
}

async function main() {
  const { version, files } = JSON.parse(await readFile(path.join(root, 'dist/integrity.json'), 'utf8'));
  await rm(path.join(root, 'dist/wordpress'), { recursive: true, force: true });

  for (const file of await filesUnder(path.join(root, 'wordpress'))) {
    const target = path.join(PLUGIN_DIR, file);
    await mkdir(path.dirname(target), { recursive: true });
    const source = path.join(root, 'wordpress', file);
    if (TEXT.test(file)) await writeFile(target, (await readFile(source, 'utf8')).replaceAll('%VERSION%', version));
    else await cp(source, target);
  }

  const assets = path.join(PLUGIN_DIR, 'assets', version);
  const withoutDist = (file) => file.replace(/^dist\//, '');
  // The PDF's cover (scripts/build-cover.mjs) sits beside it, where the element's script looks for it.
  for (const file of [...Object.keys(files), PDF, PDF.replace(/\.pdf$/, '.jpg'), 'dist/THIRD_PARTY_LICENSES.txt']) {
    await mkdir(path.dirname(path.join(assets, withoutDist(file))), { recursive: true });
    await cp(path.join(root, file), path.join(assets, withoutDist(file)));
  }
  const chunks = Object.keys(files).filter((file) => file !== ENTRY);
  const core = chunks.find((file) => /^dist\/chunks\/core-[\w-]+\.js$/.test(file));
  const manifest = {
    version,
    entry: { file: withoutDist(ENTRY), integrity: files[ENTRY] },
    core: { file: withoutDist(core), integrity: files[core] },
    // Addresses relative to assets/<version>/: the plugin puts the site's URL of the folder before them.
    integrity: Object.fromEntries(Object.entries(importMapIntegrity(files, chunks, '')).map(([file, hash]) => [withoutDist(file), hash])),
  };
  await writeFile(path.join(PLUGIN_DIR, 'assets/manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await cp(path.join(root, 'src/shared/story/story.schema.json'), path.join(PLUGIN_DIR, 'assets/story.schema.json'));

  const entries = {};
  for (const file of await filesUnder(PLUGIN_DIR)) {
    entries[`${PLUGIN_SLUG}/${file}`] = [await readFile(path.join(PLUGIN_DIR, file)), { mtime: ZIP_DATE, level: /\.(pdf|jpg)$/.test(file) ? 0 : 9 }];
  }
  const zip = zipSync(entries);
  await writeFile(PLUGIN_ZIP, zip);
  console.log(`${path.relative(root, PLUGIN_ZIP)}: ${Object.keys(entries).length} files, ${zip.length} bytes.`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
