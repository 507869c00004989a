/**
 * Writes the default story's one-page PDF, dist/Leaflet_Case_Study_One_Pager.pdf (published in the
 * package), with src/shared/pdf/one-pager.ts, the function the server's `story pdf` calls for any
 * story. Run by `npm run build` and by the demo (demo/ensure-built.mjs).
 * Usage: node scripts/build-pdf.mjs [out-file] [story-file]
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadTs } from './load-ts.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PDF_FILE_NAME = 'Leaflet_Case_Study_One_Pager.pdf';
export const defaultPdfPath = path.join(root, 'dist', PDF_FILE_NAME);

/** The compiled src/shared/pdf/one-pager.ts. */
export const loadOnePager = () => loadTs('src/shared/pdf/one-pager.ts');

/** The default story, as the element shows it without `src` or `story`. */
export const DEFAULT_STORY_FILE = path.join(root, 'src', 'shared', 'story', 'stories', 'redcliffe-labs.json');

/**
 * The PDF's creation date: the date of the content it is built from, so a rebuild of the same
 * commit gives the same bytes. The last commit's date (git log -1 --format=%cI); without git (an
 * unpacked tarball), SOURCE_DATE_EPOCH (the reproducible-builds convention, seconds); without
 * either, when the PDF's sources last changed.
 */
export function contentDate({ cwd = root, env = process.env } = {}) {
  try {
    const iso = execFileSync('git', ['log', '-1', '--format=%cI'], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (iso) return { date: new Date(iso), from: 'the last commit' };
  } catch {
    // Not a git checkout, or no git: the fallbacks below.
  }
  const epoch = Number(env.SOURCE_DATE_EPOCH);
  if (env.SOURCE_DATE_EPOCH && Number.isFinite(epoch)) return { date: new Date(epoch * 1000), from: 'SOURCE_DATE_EPOCH' };
  const sources = [path.join(root, 'src', 'shared', 'pdf', 'one-pager.ts'), path.join(root, 'src', 'shared', 'content.ts')];
  const storiesDir = path.dirname(DEFAULT_STORY_FILE);
  for (const name of readdirSync(storiesDir)) sources.push(path.join(storiesDir, name));
  const newest = Math.max(...sources.map((file) => statSync(file).mtimeMs));
  return { date: new Date(Math.floor(newest / 1000) * 1000), from: 'the newest source file' };
}

export async function buildPdf(out = defaultPdfPath, { cwd = root, env = process.env, storyFile = DEFAULT_STORY_FILE } = {}) {
  const { renderOnePager, PDF_FILE_NAME: name } = await loadOnePager();
  if (name !== PDF_FILE_NAME) throw new Error(`build-pdf: content.ts names the PDF ${name}, this script ${PDF_FILE_NAME}`);
  const { date, from } = contentDate({ cwd, env });
  const story = JSON.parse(await readFile(storyFile, 'utf8'));
  const bytes = await renderOnePager({ story, date });
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, bytes);
  return { path: out, bytes: bytes.byteLength, date, from };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const out = process.argv[2] ? path.resolve(process.argv[2]) : defaultPdfPath;
  const result = await buildPdf(out, process.argv[3] ? { storyFile: path.resolve(process.argv[3]) } : {});
  console.log(`${path.relative(process.cwd(), result.path)} (${result.bytes} bytes, dated ${result.date.toISOString()} from ${result.from})`);
}
