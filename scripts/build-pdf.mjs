/**
 * Writes the one-page PDF, dist/Leaflet_Case_Study_One_Pager.pdf (published in the package), from
 * the typed product module src/pdf/one-pager.ts. Run by `npm run build` and by the demo
 * (demo/ensure-built.mjs). Usage: node scripts/build-pdf.mjs [out-file]
 *
 * esbuild compiles the module (TypeScript) into node_modules/.cache, where its PDFKit import
 * resolves, imported from there and deleted.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PDF_FILE_NAME = 'Leaflet_Case_Study_One_Pager.pdf';
export const defaultPdfPath = path.join(root, 'dist', PDF_FILE_NAME);

/** The compiled src/pdf/one-pager.ts. */
export async function loadOnePager() {
  const outfile = path.join(root, 'node_modules', '.cache', 'redcliffe-case-study', `one-pager-${process.pid}-${Date.now()}.mjs`);
  await esbuild.build({
    entryPoints: [path.join(root, 'src', 'pdf', 'one-pager.ts')],
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

export async function buildPdf(out = defaultPdfPath) {
  const { renderOnePager, PDF_FILE_NAME: name } = await loadOnePager();
  if (name !== PDF_FILE_NAME) throw new Error(`build-pdf: content.ts names the PDF ${name}, this script ${PDF_FILE_NAME}`);
  const bytes = await renderOnePager();
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, bytes);
  return { path: out, bytes: bytes.byteLength };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const out = process.argv[2] ? path.resolve(process.argv[2]) : defaultPdfPath;
  const result = await buildPdf(out);
  console.log(`${path.relative(process.cwd(), result.path)} (${result.bytes} bytes)`);
}
