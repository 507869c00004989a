/**
 * The one-page A4 leaflet (Leaflet_Case_Study_One_Pager.pdf), drawn from src/content.ts (the copy
 * and figures the element renders) in the theme's colours (src/styles/theme.ts), so the page and the
 * leaflet never disagree. Pure: returns the PDF's bytes; scripts/build-pdf.mjs writes the file.
 *
 * pdf-lib with the standard Helvetica fonts (WinAnsi encoding, nothing embedded). The layout is
 * drawn top-down with a cursor; if the copy ever grows past one page, rendering fails instead of
 * writing a second page or clipping text. Not part of the browser bundle (nothing there imports it).
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { about, challenges, company, download, figures, hero, impact, solution, testimonial } from '../shared/content.js';
import { colors } from '../shared/theme.js';

export const PDF_FILE_NAME = download.fileName;

/** The document's metadata, also what the tests check. */
export const metadata = {
  title: hero.headline,
  author: company.name,
  subject: `${company.name} customer story: one-page case study`,
  keywords: ['customer story', 'WhatsApp Calling', 'CSAT', 'NPS', company.name],
  language: 'en',
} as const;

/** `#rgb` / `#rrggbb` → pdf-lib colour. */
export function hexColor(value: string): RGB {
  const hex = value.replace(/^#/, '');
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`one-pager: "${value}" is not a #rgb or #rrggbb colour`);
  const n = Number.parseInt(full, 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

const C = {
  deep: hexColor(colors.brandDeep),
  accent: hexColor(colors.brand),
  soft: hexColor(colors.brandSoft),
  line: hexColor(colors.line),
  ink: hexColor(colors.ink),
  muted: hexColor(colors.muted),
  white: hexColor(colors.white),
};

/**
 * Characters Helvetica's WinAnsi encoding lacks, with a plain equivalent. Typographic quotes,
 * dashes and × are in WinAnsi and are kept; anything else unencodable fails by name.
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

/** Text made drawable with `font`: fallbacks applied, anything else unencodable is an error naming it. */
export function drawable(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text) {
    const mapped = FALLBACKS.get(ch) ?? ch;
    try {
      font.encodeText(mapped);
    } catch {
      throw new Error(
        `one-pager: "${ch}" (U+${ch.codePointAt(0)!.toString(16).padStart(4, '0')}) in "${text}" cannot be drawn ` +
          'with the standard Helvetica font; add a plain equivalent to FALLBACKS in src/pdf/one-pager.ts.',
      );
    }
    out += mapped;
  }
  return out;
}

/** Greedy word wrap measured with the font's own metrics. A word wider than the line is split. */
export function wrapText(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
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

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 44;
/** Fixed dates keep the build reproducible (same content, same bytes). */
const FIXED_DATE = new Date('2025-01-01T00:00:00Z');

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
}

interface ParaOptions {
  x?: number;
  top: number;
  width?: number;
  font?: PDFFont;
  size?: number;
  leading?: number;
  color?: RGB;
}

/** Drawing helpers bound to one page; every y is in PDF points from the bottom. */
function pen(page: PDFPage, fonts: Fonts) {
  const [W] = A4;
  const contentWidth = W - 2 * MARGIN;
  const safe = (text: string) => drawable(fonts.regular, text);
  /** Draws wrapped text with its first baseline `size` below `top`; returns the y under the block. */
  const para = (text: string, { x = MARGIN, top, width = contentWidth, font = fonts.regular, size = 9.5, leading = 1.4, color = C.ink }: ParaOptions) => {
    const lines = wrapText(safe(text), font, size, width);
    let baseline = top - size;
    for (const line of lines) {
      page.drawText(line, { x, y: baseline, size, font, color });
      baseline -= size * leading;
    }
    return top - lines.length * size * leading;
  };
  const textHeight = (text: string, font: PDFFont, size: number, width: number, leading = 1.4) =>
    wrapText(safe(text), font, size, width).length * size * leading;
  /** A section title: small capitals in brand-deep over a short accent rule; returns the y under it. */
  const label = (text: string, x: number, top: number) => {
    page.drawText(safe(text.toUpperCase()), { x, y: top - 8, size: 8, font: fonts.bold, color: C.deep });
    page.drawRectangle({ x, y: top - 14, width: 22, height: 2, color: C.accent });
    return top - 22;
  };
  return { contentWidth, safe, para, textHeight, label };
}

/** Renders the one-pager; resolves with the PDF file's bytes. */
export async function renderOnePager(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
  };
  const { regular, bold, italic } = fonts;
  const page = doc.addPage(A4);
  const [W, H] = A4;
  const { contentWidth, safe, para, textHeight, label } = pen(page, fonts);

  doc.setTitle(safe(metadata.title), { showInWindowTitleBar: true });
  doc.setSubject(safe(metadata.subject));
  doc.setAuthor(safe(metadata.author));
  doc.setKeywords(metadata.keywords.map(safe));
  doc.setCreator('redcliffe-case-study src/pdf/one-pager.ts');
  doc.setProducer('pdf-lib');
  doc.setLanguage(metadata.language);
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);

  // --- Header band ------------------------------------------------------------------------------
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
  page.drawText(brandLine, { x: W - MARGIN - regular.widthOfTextAtSize(brandLine, 8.5), y: y - 10.5, size: 8.5, font: regular, color: C.white });
  y -= 22 + 6;
  y = para(hero.headline, { top: y, font: bold, size: headlineSize, leading: 1.18, color: C.white, width: headlineWidth });
  para(hero.lede, { top: y - 10, size: 10.5, color: C.white, width: headlineWidth });
  y = H - bandHeight - 4 - 20;

  // --- Figures: the two results, then the company at a glance -----------------------------------
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
    page.drawText(safe(item.label), { x: x + 14, y: y - 52, size: 8.5, font: regular, color: C.white });
  });
  const statsX = MARGIN + contentWidth * 0.44 + gap;
  const statsWidth = MARGIN + contentWidth - statsX;
  page.drawRectangle({ x: statsX, y: y - cellHeight, width: statsWidth, height: cellHeight, color: C.soft, borderColor: C.line, borderWidth: 0.75 });
  const statWidth = statsWidth / about.stats.length;
  about.stats.forEach((stat, i) => {
    const x = statsX + i * statWidth;
    if (i > 0) page.drawLine({ start: { x, y: y - 14 }, end: { x, y: y - cellHeight + 14 }, thickness: 0.75, color: C.line });
    const value = safe(stat.value);
    page.drawText(value, { x: x + (statWidth - bold.widthOfTextAtSize(value, 21)) / 2, y: y - 32, size: 21, font: bold, color: C.deep });
    const text = safe(stat.label);
    page.drawText(text, { x: x + (statWidth - regular.widthOfTextAtSize(text, 8.5)) / 2, y: y - 50, size: 8.5, font: regular, color: C.muted });
  });
  y -= cellHeight + 20;

  // --- About ------------------------------------------------------------------------------------
  y = label(about.title, MARGIN, y);
  y = para(about.text, { top: y, size: 10 });
  y -= 16;

  // --- Challenges | The Solution ----------------------------------------------------------------
  const colGap = 26;
  const colWidth = (contentWidth - colGap) / 2;
  const column = (block: typeof challenges | typeof solution, x: number, top: number) => {
    let cy = label(block.title, x, top);
    for (const point of block.points) {
      cy = para(point.title, { x, top: cy, width: colWidth, font: bold, size: 10, leading: 1.3, color: C.deep });
      cy = para(point.text, { x, top: cy - 2, width: colWidth, size: 9.5 });
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
    color: C.line,
  });
  y = Math.min(leftBottom, rightBottom) - 10;

  // --- Impact -----------------------------------------------------------------------------------
  y = label(impact.title, MARGIN, y);
  const cardWidth = (contentWidth - 2 * gap) / impact.cards.length;
  const cardLabelWidth = cardWidth - 24;
  const cardHeight = 16 + 22 + 6 + Math.max(...impact.cards.map((card) => textHeight(card.label, regular, 9, cardLabelWidth, 1.3))) + 12;
  impact.cards.forEach((card, i) => {
    const x = MARGIN + i * (cardWidth + gap);
    page.drawRectangle({ x, y: y - cardHeight, width: cardWidth, height: cardHeight, color: C.white, borderColor: C.line, borderWidth: 0.75 });
    page.drawRectangle({ x, y: y - 3, width: cardWidth, height: 3, color: C.accent });
    page.drawText(safe(card.value), { x: x + 12, y: y - 16 - 18, size: 22, font: bold, color: C.deep });
    para(card.label, { x: x + 12, top: y - 16 - 22 - 6, width: cardLabelWidth, size: 9, leading: 1.3, color: C.muted });
  });
  y -= cardHeight + 20;

  // --- Quote ------------------------------------------------------------------------------------
  y = label(testimonial.eyebrow, MARGIN, y);
  const quoteInset = 22;
  const quoteTextWidth = contentWidth - 2 * quoteInset - 18;
  const quoteSize = 10.5;
  const quoteHeight = 18 + textHeight(testimonial.quote, italic, quoteSize, quoteTextWidth, 1.45) + 12 + 12 + 13 + 16;
  page.drawRectangle({ x: MARGIN, y: y - quoteHeight, width: contentWidth, height: quoteHeight, color: C.soft });
  page.drawRectangle({ x: MARGIN, y: y - quoteHeight, width: 4, height: quoteHeight, color: C.accent });
  page.drawText('“', { x: MARGIN + quoteInset - 4, y: y - 40, size: 44, font: bold, color: C.accent });
  const quoteX = MARGIN + quoteInset + 18;
  let qy = para(testimonial.quote, { x: quoteX, top: y - 18, width: quoteTextWidth, font: italic, size: quoteSize, leading: 1.45 });
  qy -= 12;
  page.drawText(safe(testimonial.person.name), { x: quoteX, y: qy - 10.5, size: 10.5, font: bold, color: C.deep });
  qy -= 15;
  page.drawText(safe(`${testimonial.person.title}, ${testimonial.person.organisation}`), { x: quoteX, y: qy - 9, size: 9, font: regular, color: C.muted });
  y -= quoteHeight;

  // --- Footer -----------------------------------------------------------------------------------
  const footerHeight = 30;
  if (y < footerHeight + 12) {
    throw new Error(`one-pager: the copy no longer fits on one A4 page (${Math.ceil(footerHeight + 12 - y)} pt too long).`);
  }
  page.drawRectangle({ x: 0, y: 0, width: W, height: footerHeight, color: C.deep });
  page.drawText(safe(`${company.name} × WhatsApp Calling  ·  ${hero.badge}`), { x: MARGIN, y: 11, size: 8, font: bold, color: C.white });
  const tail = safe(`${figures.csatImprovement} higher CSAT  ·  ${figures.npsIncrease} increase in NPS`);
  page.drawText(tail, { x: W - MARGIN - regular.widthOfTextAtSize(tail, 8), y: 11, size: 8, font: regular, color: C.white });

  return doc.save({ useObjectStreams: true });
}
