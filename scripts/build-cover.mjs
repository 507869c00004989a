/**
 * The one-pager's cover: page 1 of a PDF as a small JPEG, made at build time with poppler's
 * pdftoppm, for the element to show beside the call to action and in the offer that stays in reach
 * (the offer shown, not described). A function of a PDF file, so any story's own PDF gets its own
 * (`makeCover('other.pdf', 'other.jpg')`). `npm run build` makes dist/Leaflet_Case_Study_One_Pager.jpg
 * from the default story's PDF.
 *
 * Where pdftoppm is missing (poppler-utils not installed), the build copies the committed cover
 * (src/shared/pdf/one-pager-cover.jpg, made the same way from the default story's PDF) and says
 * so: `npm start` still works, with a cover that may lag the PDF. Refresh it with
 * `node scripts/build-cover.mjs --refresh`.
 * Usage: node scripts/build-cover.mjs [pdf-file] [out-file] | --refresh
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The cover's size in px: A4's proportions, twice the largest size it is shown at (180 px wide). */
export const COVER_SIZE = { width: 360, height: 509 };
export const defaultCoverPath = path.join(root, 'dist', 'Leaflet_Case_Study_One_Pager.jpg');
export const committedCover = path.join(root, 'src', 'shared', 'pdf', 'one-pager-cover.jpg');
const defaultPdf = path.join(root, 'dist', 'Leaflet_Case_Study_One_Pager.pdf');

/**
 * Page 1 of `pdf` as a JPEG at `out`, COVER_SIZE. Resolves to how it was made: 'pdftoppm', or
 * 'committed' (pdftoppm not found: the committed cover copied, when `fallback` allows it).
 */
export async function makeCover(pdf, out, { fallback = true, pdftoppm = 'pdftoppm' } = {}) {
  await mkdir(path.dirname(out), { recursive: true });
  const stem = `${out}.tmp-${process.pid}`;
  try {
    await promisify(execFile)(pdftoppm, [
      '-jpeg',
      '-jpegopt',
      'quality=85,optimize=y',
      '-f',
      '1',
      '-l',
      '1',
      '-scale-to-x',
      String(COVER_SIZE.width),
      '-scale-to-y',
      String(COVER_SIZE.height),
      '-singlefile',
      pdf,
      stem,
    ]);
    await rename(`${stem}.jpg`, out);
    return 'pdftoppm';
  } catch (error) {
    await rm(`${stem}.jpg`, { force: true });
    if (error?.code !== 'ENOENT' || !fallback) throw error;
    await copyFile(committedCover, out);
    return 'committed';
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const refresh = process.argv[2] === '--refresh';
  const pdf = refresh || !process.argv[2] ? defaultPdf : path.resolve(process.argv[2]);
  const out = refresh ? committedCover : process.argv[3] ? path.resolve(process.argv[3]) : defaultCoverPath;
  const how = await makeCover(pdf, out, { fallback: !refresh });
  const where = path.relative(process.cwd(), out);
  if (how === 'committed') {
    console.warn(
      `build-cover: pdftoppm not found (install poppler-utils): ${where} is the committed cover (${path.relative(process.cwd(), committedCover)}), which may lag the PDF.`,
    );
  } else {
    console.log(`${where}: page 1 of ${path.relative(process.cwd(), pdf)}, ${COVER_SIZE.width}×${COVER_SIZE.height} px`);
  }
}
