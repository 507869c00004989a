import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPdf } from '../../scripts/build-pdf.mjs';
import { committedCover, COVER_SIZE, makeCover } from '../../scripts/build-cover.mjs';

/** A JPEG's width and height, from its first start-of-frame marker. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 2).toString('hex')).toBe('ffd8');
  for (let at = 2; at < bytes.length;) {
    const marker = bytes[at + 1]!;
    const length = bytes.readUInt16BE(at + 2);
    if (marker >= 0xc0 && marker <= 0xc3) return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    at += 2 + length;
  }
  throw new Error('no frame in the JPEG');
}

let work: string;
let pdf: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'rcs-cover-'));
  pdf = (await buildPdf(path.join(work, 'story.pdf'))).path;
}, 60_000);
afterAll(() => rm(work, { recursive: true, force: true }));

describe('the one-pager cover (scripts/build-cover.mjs)', () => {
  it("makes page 1 of a PDF into a JPEG of A4's proportions with pdftoppm", async () => {
    const out = path.join(work, 'cover.jpg');
    expect(await makeCover(pdf, out)).toBe('pdftoppm');
    expect(jpegSize(await readFile(out))).toEqual(COVER_SIZE);
    expect(COVER_SIZE.height / COVER_SIZE.width).toBeCloseTo(841.89 / 595.28, 2);
  });

  it('without pdftoppm, copies the committed cover (and refuses to when told not to)', async () => {
    const out = path.join(work, 'fallback.jpg');
    expect(await makeCover(pdf, out, { pdftoppm: path.join(work, 'no-such-pdftoppm') })).toBe('committed');
    expect(await readFile(out)).toEqual(await readFile(committedCover));
    expect(jpegSize(await readFile(out))).toEqual(COVER_SIZE);
    await expect(makeCover(pdf, out, { pdftoppm: path.join(work, 'no-such-pdftoppm'), fallback: false })).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('fails on a file that is not a PDF (no cover made up)', async () => {
    await expect(makeCover(path.join(work, 'missing.pdf'), path.join(work, 'x.jpg'))).rejects.toThrow();
  });
});
