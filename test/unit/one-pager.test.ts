/**
 * The one-page PDF (src/pdf/one-pager.ts), checked as a reader's tools see it: poppler's pdfinfo
 * and pdftotext (Debian's poppler-utils, installed by .ci/run) on the rendered file.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, PDFString, StandardFonts, decodePDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { about, challenges, company, figures, hero, impact, solution, testimonial } from '../../src/shared/content.js';
import { PDF_FILE_NAME, hexColor, metadata, renderOnePager, wrapText } from '../../src/pdf/one-pager.js';
import { colors } from '../../src/shared/theme.js';

let work: string;
let file: string;
let bytes: Uint8Array;
let info: Record<string, string>;
let text: string;

const normalise = (value: string) => value.replace(/\s+/g, ' ').trim();

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'rcs-pdf-'));
  bytes = await renderOnePager();
  file = path.join(work, PDF_FILE_NAME);
  writeFileSync(file, bytes);
  info = Object.fromEntries(
    execFileSync('pdfinfo', [file], { encoding: 'utf8' })
      .split('\n')
      .filter((line) => line.includes(':'))
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
  );
  text = normalise(execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }));
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the one-page PDF', () => {
  it('is exactly one A4 page', () => {
    expect(info.Pages).toBe('1');
    expect(info['Page size']).toMatch(/^595\.28 x 841\.89 pts \(A4\)/);
  });

  it('carries title, author, subject and keywords from content.ts', () => {
    expect(info.Title).toBe(hero.headline);
    expect(info.Author).toBe(company.name);
    expect(info.Subject).toBe(`${company.name} customer story: one-page case study`);
    expect(info.Keywords).toContain('WhatsApp Calling');
  });

  it('declares its language (English) in the document catalog', async () => {
    const doc = await PDFDocument.load(bytes);
    const lang = doc.catalog.lookup(PDFName.of('Lang'), PDFString);
    expect(lang.decodeText()).toBe(metadata.language);
    expect(metadata.language).toBe('en');
  });

  it('shows every figure of content.ts', () => {
    for (const value of Object.values(figures)) expect(text, value).toContain(value);
    for (const stat of about.stats) expect(text).toContain(stat.label);
    for (const card of impact.cards) expect(text).toContain(card.value);
  });

  it('shows the headline, every section title and every point title', () => {
    expect(text).toContain(normalise(hero.headline));
    for (const title of [about.title, challenges.title, solution.title, impact.title, testimonial.eyebrow]) {
      expect(text, title).toContain(title.toUpperCase());
    }
    for (const point of [...challenges.points, ...solution.points]) expect(text).toContain(point.title);
    expect(text).toContain(testimonial.person.name);
  });

  it('paints only with the theme colours (src/styles/theme.ts, shared with the element CSS)', async () => {
    const doc = await PDFDocument.load(bytes);
    const contents = doc.getPage(0).node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    const ops = streams
      .map((stream) => Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1'))
      .join('\n');
    const used = new Set([...ops.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) (?:rg|RG)\b/g)].map((m) => m.slice(1, 4).map(Number).map((n) => Math.round(n * 255)).join(',')));
    const theme = new Set(Object.values(colors).map((hex) => { const c = hexColor(hex); return [c.red, c.green, c.blue].map((n) => Math.round(n * 255)).join(','); }));
    expect(used.size).toBeGreaterThan(3);
    for (const colour of used) expect(theme.has(colour), `colour ${colour} is not in the theme`).toBe(true);
    expect(used.has([7, 94, 84].join(','))).toBe(true); // brand-deep #075e54 bands and figures
  });

  it('renders the same bytes for the same content (reproducible build)', async () => {
    expect(Buffer.from(await renderOnePager()).equals(Buffer.from(bytes))).toBe(true);
  });
});

describe('wrapText', () => {
  it('wraps at word boundaries within the width and splits a word wider than a line', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const lines = wrapText('one two three four five six seven', font, 10, 60);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(60);
    expect(lines.join(' ')).toBe('one two three four five six seven');
    const long = wrapText('x'.repeat(80), font, 10, 60);
    expect(long.length).toBeGreaterThan(1);
    expect(long.join('')).toBe('x'.repeat(80));
  });
});
