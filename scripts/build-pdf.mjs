/**
 * Builds the one-page A4 leaflet, dist/demo/Leaflet_Case_Study_One_Pager.pdf, from src/content.ts
 * (the same module the element renders, so the page and the leaflet never disagree).
 *
 * Usage: node scripts/build-pdf.mjs [out-file]
 * Also importable: `import { buildPdf } from './build-pdf.mjs'`.
 *
 * pdf-lib with the standard Helvetica fonts (WinAnsi encoding, nothing embedded). The layout is
 * drawn top-down with a cursor; if the copy ever grows past one page the build fails instead of
 * writing a second page or clipping text.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const PDF_FILE_NAME = 'Leaflet_Case_Study_One_Pager.pdf';
export const defaultPdfPath = path.join(root, 'dist', 'demo', PDF_FILE_NAME);

/** Bundles src/content.ts in memory and imports it through a data: URL. */
export async function loadContent() {
  const result = await esbuild.build({
    entryPoints: [path.join(root, 'src', 'content.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

// ---------------------------------------------------------------------------------------------
// Colours and type

const hex = (value) => {
  const n = Number.parseInt(value.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
};
const C = {
  deep: hex('#075e54'),
  accent: hex('#25d366'),
  mint: hex('#e7f8ee'),
  mintLine: hex('#bfe9d0'),
  ink: hex('#1c2b2a'),
  muted: hex('#5b6b69'),
  onDeep: hex('#d6efe9'),
  white: rgb(1, 1, 1),
};

/**
 * Characters Helvetica's WinAnsi encoding lacks, with a plain equivalent. Typographic quotes,
 * dashes and × are in WinAnsi and are kept; anything else unencodable fails the build by name.
 */
const FALLBACKS = new Map([
  ['\u2192', '->'],
  ['\u2190', '<-'],
  ['\u2264', '<='],
  ['\u2265', '>='],
  ['\u2212', '-'],
  ['\u2011', '-'],
  ['\u20b9', 'Rs '],
  ['\u00a0', ' '],
  ['\u202f', ' '],
  ['\u2009', ' '],
  ['\u200b', ''],
]);

function makeSafe(font) {
  return (text) => {
    let out = '';
    for (const ch of String(text)) {
      const mapped = FALLBACKS.get(ch) ?? ch;
      try {
        font.encodeText(mapped);
        out += mapped;
      } catch {
        throw new Error(
          `build-pdf: "${ch}" (U+${ch.codePointAt(0).toString(16).padStart(4, '0')}) in "${text}" cannot be drawn ` +
            'with the standard Helvetica font; add an ASCII equivalent to FALLBACKS in scripts/build-pdf.mjs.',
        );
      }
    }
    return out;
  };
}

/** Greedy word wrap measured with the font's own metrics. A word wider than the line is split. */
export function wrapText(text, font, size, maxWidth) {
  const lines = [];
  for (const paragraph of String(text).split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (font.widthOfTextAtSize(line, size) > maxWidth) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > maxWidth) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------
// The page

const A4 = [595.28, 841.89];
const MARGIN = 44;

export async function renderPdf(content) {
  const { hero, figures, about, challenges, solution, impact, testimonial, company } = content;
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const italic = await doc.embedFont(StandardFonts.HelveticaOblique);
  const safe = makeSafe(regular);

  doc.setTitle(safe(hero.headline));
  doc.setSubject(safe(`${company.name} customer story: one-page case study`));
  doc.setAuthor(safe(company.name));
  doc.setKeywords(['customer story', 'WhatsApp Calling', 'CSAT', 'NPS', company.name].map(safe));
  doc.setCreator('redcliffe-case-study scripts/build-pdf.mjs');
  doc.setProducer('pdf-lib');
  doc.setLanguage('en');
  // Fixed dates keep the build reproducible (same content, same bytes).
  doc.setCreationDate(new Date('2025-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2025-01-01T00:00:00Z'));

  const page = doc.addPage(A4);
  const [W, H] = A4;
  const contentWidth = W - 2 * MARGIN;

  /** Draws wrapped text with its first baseline `size` below `top`; returns the y under the block. */
  const para = (text, { x = MARGIN, top, width = contentWidth, font = regular, size = 9.5, leading = 1.4, color = C.ink }) => {
    const lines = wrapText(safe(text), font, size, width);
    let baseline = top - size;
    for (const line of lines) {
      page.drawText(line, { x, y: baseline, size, font, color });
      baseline -= size * leading;
    }
    return top - lines.length * size * leading;
  };
  const textHeight = (text, font, size, width, leading = 1.4) =>
    wrapText(safe(text), font, size, width).length * size * leading;
  const label = (text, x, top, color = C.deep) => {
    page.drawText(safe(text.toUpperCase()), { x, y: top - 8, size: 8, font: bold, color });
    page.drawRectangle({ x, y: top - 14, width: 22, height: 2, color: C.accent });
    return top - 22;
  };

  // --- Header band -----------------------------------------------------------------------------
  const headlineSize = 22;
  const headlineWidth = contentWidth - 10;
  const headlineHeight = textHeight(hero.headline, bold, headlineSize, headlineWidth, 1.18);
  const ledeHeight = textHeight(hero.lede, regular, 10.5, headlineWidth, 1.4);
  const bandHeight = 34 + 22 + headlineHeight + 10 + ledeHeight + 24;
  page.drawRectangle({ x: 0, y: H - bandHeight, width: W, height: bandHeight, color: C.deep });
  page.drawRectangle({ x: 0, y: H - bandHeight - 4, width: W, height: 4, color: C.accent });

  let y = H - 34;
  const badge = safe(hero.badge.toUpperCase());
  const badgeWidth = bold.widthOfTextAtSize(badge, 7.5) + 16;
  page.drawRectangle({ x: MARGIN, y: y - 15, width: badgeWidth, height: 15, color: C.accent });
  page.drawText(badge, { x: MARGIN + 8, y: y - 10.5, size: 7.5, font: bold, color: C.deep });
  const brandLine = safe(`${company.name} × WhatsApp Calling`);
  page.drawText(brandLine, {
    x: W - MARGIN - regular.widthOfTextAtSize(brandLine, 8.5),
    y: y - 10.5,
    size: 8.5,
    font: regular,
    color: C.onDeep,
  });
  y -= 22 + 6;
  y = para(hero.headline, { top: y, font: bold, size: headlineSize, leading: 1.18, color: C.white, width: headlineWidth });
  y = para(hero.lede, { top: y - 10, size: 10.5, color: C.onDeep, width: headlineWidth });
  y = H - bandHeight - 4 - 20;

  // --- Figures: two results, then the company at a glance ---------------------------------------
  const gap = 10;
  const results = [
    { value: figures.csatImprovement, label: 'higher CSAT score' },
    { value: figures.npsIncrease, label: 'increase in NPS' },
  ];
  const cellHeight = 64;
  const resultWidth = (contentWidth * 0.44 - gap) / 2;
  results.forEach((item, i) => {
    const x = MARGIN + i * (resultWidth + gap);
    page.drawRectangle({ x, y: y - cellHeight, width: resultWidth, height: cellHeight, color: C.deep });
    page.drawRectangle({ x, y: y - cellHeight, width: 4, height: cellHeight, color: C.accent });
    page.drawText(safe(item.value), { x: x + 14, y: y - 34, size: 26, font: bold, color: C.white });
    page.drawText(safe(item.label), { x: x + 14, y: y - 52, size: 8.5, font: regular, color: C.onDeep });
  });
  const statsX = MARGIN + contentWidth * 0.44 + gap;
  const statsWidth = MARGIN + contentWidth - statsX;
  page.drawRectangle({
    x: statsX,
    y: y - cellHeight,
    width: statsWidth,
    height: cellHeight,
    color: C.mint,
    borderColor: C.mintLine,
    borderWidth: 0.75,
  });
  const statWidth = statsWidth / about.stats.length;
  about.stats.forEach((stat, i) => {
    const x = statsX + i * statWidth;
    if (i > 0) {
      page.drawLine({
        start: { x, y: y - 14 },
        end: { x, y: y - cellHeight + 14 },
        thickness: 0.75,
        color: C.mintLine,
      });
    }
    const value = safe(stat.value);
    const valueSize = 21;
    page.drawText(value, {
      x: x + (statWidth - bold.widthOfTextAtSize(value, valueSize)) / 2,
      y: y - 32,
      size: valueSize,
      font: bold,
      color: C.deep,
    });
    const text = safe(stat.label);
    page.drawText(text, {
      x: x + (statWidth - regular.widthOfTextAtSize(text, 8.5)) / 2,
      y: y - 50,
      size: 8.5,
      font: regular,
      color: C.muted,
    });
  });
  y -= cellHeight + 20;

  // --- About -------------------------------------------------------------------------------------
  y = label(about.title, MARGIN, y);
  y = para(about.text, { top: y, size: 10, color: C.ink });
  y -= 16;

  // --- Challenges | The Solution -------------------------------------------------------------------
  const colGap = 26;
  const colWidth = (contentWidth - colGap) / 2;
  const column = (block, x, top) => {
    let cy = label(block.title, x, top);
    for (const point of block.points) {
      cy = para(point.title, { x, top: cy, width: colWidth, font: bold, size: 10, leading: 1.3, color: C.deep });
      cy = para(point.text, { x, top: cy - 2, width: colWidth, size: 9.5, color: C.ink });
      cy -= 9;
    }
    return cy;
  };
  const leftBottom = column(challenges, MARGIN, y);
  const rightBottom = column(solution, MARGIN + colWidth + colGap, y);
  page.drawLine({
    start: { x: MARGIN + colWidth + colGap / 2, y: y - 2 },
    end: { x: MARGIN + colWidth + colGap / 2, y: Math.min(leftBottom, rightBottom) + 8 },
    thickness: 0.75,
    color: C.mintLine,
  });
  y = Math.min(leftBottom, rightBottom) - 10;

  // --- Impact --------------------------------------------------------------------------------------
  y = label(impact.title, MARGIN, y);
  const cardWidth = (contentWidth - 2 * gap) / impact.cards.length;
  const cardLabelWidth = cardWidth - 24;
  const cardHeight =
    16 + 22 + 6 + Math.max(...impact.cards.map((card) => textHeight(card.label, regular, 9, cardLabelWidth, 1.3))) + 12;
  impact.cards.forEach((card, i) => {
    const x = MARGIN + i * (cardWidth + gap);
    page.drawRectangle({
      x,
      y: y - cardHeight,
      width: cardWidth,
      height: cardHeight,
      color: C.white,
      borderColor: C.mintLine,
      borderWidth: 0.75,
    });
    page.drawRectangle({ x, y: y - 3, width: cardWidth, height: 3, color: C.accent });
    page.drawText(safe(card.value), { x: x + 12, y: y - 16 - 18, size: 22, font: bold, color: C.deep });
    para(card.label, { x: x + 12, top: y - 16 - 22 - 6, width: cardLabelWidth, size: 9, leading: 1.3, color: C.muted });
  });
  y -= cardHeight + 20;

  // --- Quote ---------------------------------------------------------------------------------------
  y = label(testimonial.eyebrow, MARGIN, y);
  const quoteInset = 22;
  const quoteTextWidth = contentWidth - 2 * quoteInset - 18;
  const quoteSize = 10.5;
  const quoteHeight =
    18 + textHeight(testimonial.quote, italic, quoteSize, quoteTextWidth, 1.45) + 12 + 12 + 13 + 16;
  page.drawRectangle({ x: MARGIN, y: y - quoteHeight, width: contentWidth, height: quoteHeight, color: C.mint });
  page.drawRectangle({ x: MARGIN, y: y - quoteHeight, width: 4, height: quoteHeight, color: C.accent });
  page.drawText('“', { x: MARGIN + quoteInset - 4, y: y - 40, size: 44, font: bold, color: C.accent });
  let qy = para(testimonial.quote, {
    x: MARGIN + quoteInset + 18,
    top: y - 18,
    width: quoteTextWidth,
    font: italic,
    size: quoteSize,
    leading: 1.45,
    color: C.ink,
  });
  qy -= 12;
  page.drawText(safe(testimonial.person.name), { x: MARGIN + quoteInset + 18, y: qy - 10.5, size: 10.5, font: bold, color: C.deep });
  qy -= 15;
  page.drawText(safe(`${testimonial.person.title}, ${testimonial.person.organisation}`), {
    x: MARGIN + quoteInset + 18,
    y: qy - 9,
    size: 9,
    font: regular,
    color: C.muted,
  });
  y -= quoteHeight;

  // --- Footer --------------------------------------------------------------------------------------
  const footerHeight = 30;
  const footerTop = footerHeight;
  if (y < footerTop + 12) {
    throw new Error(`build-pdf: the copy no longer fits on one A4 page (${Math.ceil(footerTop + 12 - y)} pt too long).`);
  }
  page.drawRectangle({ x: 0, y: 0, width: W, height: footerHeight, color: C.deep });
  page.drawText(safe(`${company.name} × WhatsApp Calling  ·  ${hero.badge}`), {
    x: MARGIN,
    y: 11,
    size: 8,
    font: bold,
    color: C.white,
  });
  const tail = safe(`${figures.csatImprovement} higher CSAT  ·  ${figures.npsIncrease} increase in NPS`);
  page.drawText(tail, { x: W - MARGIN - regular.widthOfTextAtSize(tail, 8), y: 11, size: 8, font: regular, color: C.onDeep });

  return doc.save({ useObjectStreams: true });
}

export async function buildPdf(out = defaultPdfPath) {
  const bytes = await renderPdf(await loadContent());
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, bytes);
  return { path: out, bytes: bytes.byteLength };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const out = process.argv[2] ? path.resolve(process.argv[2]) : defaultPdfPath;
  const result = await buildPdf(out);
  console.log(`${path.relative(process.cwd(), result.path)} (${result.bytes} bytes)`);
}
