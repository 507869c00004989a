/**
 * A story's one-page A4 leaflet, drawn from the story (the words and figures the element renders,
 * and `onePager`, the words only the PDF prints) in the theme's colours (src/shared/theme.ts), so
 * the page and the leaflet never disagree. Pure: resolves with the PDF's bytes. scripts/build-pdf.mjs
 * writes the default story's (Leaflet_Case_Study_One_Pager.pdf, published in the package); the
 * server's `redcliffe-leads story pdf` makes any other story's with the same function.
 *
 * PDFKit, because it writes a tagged PDF (a structure tree of headings, paragraphs, lists, a block
 * quote, links and a figure with its text alternative, decoration marked as artifacts, so a screen
 * reader gets the structure) and embeds its fonts (subsets of Inter, from @fontsource/inter).
 * The layout is drawn top-down with a cursor; if the copy ever grows past one page, rendering fails
 * instead of writing a second page or clipping text. Not part of the browser bundle.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { download } from '../content.js';
import { cardBasis } from '../story/card-basis.js';
import type { Story } from '../story/story.generated.js';
import { colors } from '../theme.js';

/** The packaged one-pager's file name (the default story's PDF). */
export const PDF_FILE_NAME = download.fileName;

/** The document's metadata, also what the tests check: the publisher is the author, the story the title. */
export function metadataOf(story: Story) {
  return {
    title: story.hero.headline,
    author: story.onePager.publisher,
    subject: story.onePager.subject,
    keywords: story.onePager.keywords,
    language: story.lang,
  };
}

/** The fonts' files, embedded as subsets: Inter (SIL Open Font License), from @fontsource/inter. */
const FONT_FILES = {
  regular: 'inter-latin-400-normal.woff',
  bold: 'inter-latin-700-normal.woff',
  italic: 'inter-latin-400-italic.woff',
} as const;
type FontName = keyof typeof FONT_FILES;

/**
 * Where the fonts are: `dir` (the built server passes dist/server/fonts/, which
 * scripts/build-server.mjs fills), else the @fontsource/inter package (the build, the tests).
 */
function fontPaths(dir?: string): Record<FontName, string> {
  const require = createRequire(import.meta.url);
  const pathOf = (file: string) => (dir && existsSync(`${dir}/${file}`) ? `${dir}/${file}` : require.resolve(`@fontsource/inter/files/${file}`));
  return { regular: pathOf(FONT_FILES.regular), bold: pathOf(FONT_FILES.bold), italic: pathOf(FONT_FILES.italic) };
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 44;
/** No word closer to the paper's edge than 10 mm (in points): a home printer's unprintable band is 3 to 6 mm. */
export const EDGE = (10 / 25.4) * 72;

/**
 * The quote as the leaflet prints it: the person's sentences that name no figure. The results are
 * printed once, at the top, as results; the quote keeps what the person says about the experience
 * (each figure then appears at most twice on the page: the headline's and the result's).
 */
export function quoteWithoutFigures(quote: string, figures: readonly string[]): string {
  const sentences = quote.match(/[^.!?]+[.!?]+(\s+|$)/g) ?? [quote];
  return sentences
    .filter((sentence) => !figures.some((figure) => sentence.includes(figure)))
    .join('')
    .trim();
}

/** The story's figures: its results and the customer's numbers. */
export const figuresOf = (story: Story): string[] => [...story.impact.cards, ...story.about.stats].map((figure) => figure.value);

export interface OnePagerOptions {
  /** The story to print (checked: check-story.ts). */
  story: Story;
  /** A folder holding the fonts (FONT_FILES); without it, or without them in it, @fontsource/inter's. */
  fontsDir?: string;
  /**
   * The document's creation and modification date: the date of the content it was built from
   * (scripts/build-pdf.mjs passes the last commit's), so the same content gives the same bytes
   * (the file ID derives from the dates too).
   */
  date: Date;
}

type Doc = InstanceType<typeof PDFDocument>;
type Struct = ReturnType<Doc['struct']>;

interface TextOptions {
  x?: number;
  width?: number;
  font?: FontName;
  size?: number;
  /** Line height as a multiple of the size. */
  leading?: number;
  color?: string;
  align?: 'left' | 'right' | 'center';
}

/** Drawing helpers bound to one document; `y` runs down from the top of the page, in points. */
function penFor(doc: Doc) {
  const [W] = A4;
  const contentWidth = W - 2 * MARGIN;
  const style = ({ font = 'regular', size = 9.5, color = colors.ink }: TextOptions) => doc.font(font).fontSize(size).fillColor(color);
  const gap = ({ size = 9.5, leading = 1.4 }: TextOptions) => size * (leading - 1.2);
  /** Height of `text` set with these options. */
  const height = (text: string, options: TextOptions = {}) => {
    style(options);
    return doc.heightOfString(text, { width: options.width ?? contentWidth, lineGap: gap(options) });
  };
  /** Writes `text` with its top at `y`; returns the y under it. */
  const write = (text: string, y: number, options: TextOptions = {}) => {
    style(options);
    const width = options.width ?? contentWidth;
    doc.text(text, options.x ?? MARGIN, y, { width, lineGap: gap(options), align: options.align ?? 'left' });
    return y + height(text, options);
  };
  /** Decoration (bands, rules, backgrounds): an artifact, outside the structure tree. */
  const decoration = (draw: () => void) => {
    doc.markContent('Artifact', { type: 'Layout' });
    draw();
    doc.endMarkedContent();
  };
  /** A structure element of `parent` whose content `draw` writes (in reading order). */
  const tag = (parent: Struct, type: string, draw: () => void, options: { alt?: string } = {}) => {
    parent.add(doc.struct(type, options, draw));
  };
  /** The one root element every other hangs from. */
  const root = doc.struct('Document');
  doc.addStructure(root);
  /** A container element (section, list, item) added to `parent` (or the document), ended by the caller. */
  const group = (parent: Struct | null, type: string) => {
    const element = doc.struct(type);
    (parent ?? root).add(element);
    return element;
  };
  /** A section title: small capitals in brand-deep over a short accent rule; returns the y under it. */
  const sectionTitle = (parent: Struct, text: string, x: number, y: number) => {
    tag(parent, 'H2', () => write(text.toUpperCase(), y, { x, font: 'bold', size: 8, color: colors.brandDeep, leading: 1.2, width: 240 }));
    decoration(() => doc.rect(x, y + 12, 22, 2).fill(colors.brand));
    return y + 22;
  };
  return { root, contentWidth, height, write, decoration, tag, group, sectionTitle };
}

/** Renders the one-pager; resolves with the PDF file's bytes. */
export async function renderOnePager({ story, date, fontsDir }: OnePagerOptions): Promise<Uint8Array> {
  const metadata = metadataOf(story);
  const doc = new PDFDocument({
    size: A4,
    margin: 0,
    autoFirstPage: true,
    tagged: true,
    lang: metadata.language,
    displayTitle: true,
    pdfVersion: '1.7',
    info: {
      Title: metadata.title,
      Author: metadata.author,
      Subject: metadata.subject,
      Keywords: metadata.keywords.join(', '),
      Creator: 'redcliffe-case-study src/shared/pdf/one-pager.ts',
      Producer: 'PDFKit',
      CreationDate: date,
      ModDate: date,
    },
  });
  const chunks: Uint8Array[] = [];
  doc.on('data', (chunk: Uint8Array) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  for (const [name, file] of Object.entries(fontPaths(fontsDir))) doc.registerFont(name, file);

  draw(doc, story);

  if (doc.bufferedPageRange().count !== 1) {
    throw new Error(`one-pager: the copy no longer fits on one A4 page (${doc.bufferedPageRange().count} pages).`);
  }
  doc.end();
  await finished;
  const total = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

function draw(doc: Doc, story: Story): void {
  const { hero, titles, about, impact, testimonial, onePager } = story;
  const [W, H] = A4;
  const pen = penFor(doc);
  const { root, contentWidth, height, write, decoration, tag, group, sectionTitle } = pen;

  // --- Header band: publisher, headline, lede, and the product drawn as a figure -----------------
  const headlineWidth = contentWidth * 0.64;
  const headline = { font: 'bold', size: 19, leading: 1.15, color: colors.white, width: headlineWidth } as const;
  const lede = { size: 10, leading: 1.35, color: colors.white, width: headlineWidth } as const;
  const bandHeight = 28 + 22 + height(hero.headline, headline) + 8 + height(hero.lede, lede) + 20;
  decoration(() => {
    doc.rect(0, 0, W, bandHeight).fill(colors.brandDeep);
    doc.rect(0, bandHeight, W, 4).fill(colors.brand);
  });
  const header = group(null, 'Sect');
  let y = 28;
  const badge = hero.badge.toUpperCase();
  doc.font('bold').fontSize(7.5);
  const badgeWidth = doc.widthOfString(badge) + 16;
  decoration(() => doc.roundedRect(MARGIN, y, badgeWidth, 15, 2).fill(colors.brand));
  tag(header, 'P', () => write(badge, y + 4, { x: MARGIN + 8, font: 'bold', size: 7.5, color: colors.brandDeep, width: badgeWidth, leading: 1.2 }));
  tag(header, 'P', () => write(onePager.publishedBy, y + 3, { x: MARGIN + badgeWidth + 10, size: 8.5, color: colors.white, width: 260, leading: 1.2 }));
  y += 22;
  tag(header, 'H1', () => (y = write(hero.headline, y, headline)));
  tag(header, 'P', () => write(hero.lede, y + 8, lede));
  drawCallCard(doc, story.drawings.call, header, MARGIN + headlineWidth + 18, 52, contentWidth - headlineWidth - 18);
  header.end();
  y = bandHeight + 4 + 16;

  // --- Impact first: the results near the top, each once, with its label ------------------------
  const impactSect = group(null, 'Sect');
  y = sectionTitle(impactSect, titles.impact, MARGIN, y);
  const gap = 10;
  const cardWidth = (contentWidth - 2 * gap) / impact.cards.length;
  const cardLabel = { width: cardWidth - 24, size: 9, leading: 1.3, color: colors.muted } as const;
  const basisText = { width: cardWidth - 24, size: 7, leading: 1.2, color: colors.muted } as const;
  // A card with an icon has no figure: a drawn mark takes the figure's place and its value is read before its label.
  const statementOf = (card: Story['impact']['cards'][number]) => (card.icon ? `${card.value} ${card.label}` : card.label);
  const labelHeight = Math.max(...impact.cards.map((card) => height(statementOf(card), cardLabel)));
  const basisHeight = Math.max(...impact.cards.map((card) => (cardBasis(card) ? 3 + height(cardBasis(card), basisText) : 0)));
  const cardHeight = 12 + 22 + 4 + labelHeight + basisHeight + 10;
  const cards = group(impactSect, 'L');
  impact.cards.forEach((card, i) => {
    const x = MARGIN + i * (cardWidth + gap);
    decoration(() => {
      doc.rect(x, y, cardWidth, cardHeight).lineWidth(0.75).stroke(colors.line);
      doc.rect(x, y, cardWidth, 3).fill(colors.brand);
    });
    const item = group(cards, 'LI');
    if (card.icon) decoration(() => drawResultMark(doc, x + 12, y + 12));
    else tag(item, 'Lbl', () => write(card.value, y + 12, { x: x + 12, width: cardWidth - 24, font: 'bold', size: 19, color: colors.brandDeep, leading: 1.2 }));
    const basis = cardBasis(card);
    const body = group(item, 'LBody');
    tag(body, 'P', () => write(statementOf(card), y + 12 + 22 + 4, { x: x + 12, ...cardLabel }));
    if (basis) tag(body, 'P', () => write(basis, y + 12 + 22 + 4 + labelHeight + 3, { x: x + 12, ...basisText }));
    body.end();
    item.end();
  });
  cards.end();
  impactSect.end();
  y += cardHeight + 12;

  // --- About, with the customer's figures as a list ------------------------------------------------
  const aboutSect = group(null, 'Sect');
  y = sectionTitle(aboutSect, titles.about, MARGIN, y);
  tag(aboutSect, 'P', () => (y = write(about.text, y, { size: 9.5 })));
  y += 8;
  const statsHeight = 42;
  const statWidth = contentWidth / about.stats.length;
  decoration(() => {
    doc.roundedRect(MARGIN, y, contentWidth, statsHeight, 6).fillAndStroke(colors.brandSoft, colors.line);
    about.stats.slice(1).forEach((_, i) => {
      const x = MARGIN + (i + 1) * statWidth;
      doc
        .moveTo(x, y + 12)
        .lineTo(x, y + statsHeight - 12)
        .lineWidth(0.75)
        .stroke(colors.line);
    });
  });
  const stats = group(aboutSect, 'L');
  about.stats.forEach((stat, i) => {
    const x = MARGIN + i * statWidth;
    const item = group(stats, 'LI');
    tag(item, 'Lbl', () => write(stat.value, y + 5, { x, width: statWidth, font: 'bold', size: 18, color: colors.brandDeep, align: 'center', leading: 1.2 }));
    tag(item, 'LBody', () => write(stat.label, y + 27, { x, width: statWidth, size: 8.5, color: colors.muted, align: 'center', leading: 1.2 }));
    item.end();
  });
  stats.end();
  aboutSect.end();
  y += statsHeight + 12;

  // --- Challenges | The Solution: two lists side by side -------------------------------------------
  const colGap = 26;
  const colWidth = (contentWidth - colGap) / 2;
  type Block = { title: string; points: Story['challenges'] };
  // With a how-it-works, each point prints as its title only: its prose is the page's, word for word.
  const withProse = !onePager.howItWorks;
  const column = (block: Block, x: number, top: number) => {
    const sect = group(null, 'Sect');
    let cy = sectionTitle(sect, block.title, x, top);
    const list = group(sect, 'L');
    for (const point of block.points) {
      const item = group(list, 'LI');
      const body = group(item, 'LBody');
      tag(body, 'H3', () => (cy = write(point.title, cy, { x, width: colWidth, font: 'bold', size: 10, leading: 1.3, color: colors.brandDeep })));
      if (withProse) tag(body, 'P', () => (cy = write(point.text, cy + 1, { x, width: colWidth, size: 9, leading: 1.35 })));
      body.end();
      item.end();
      cy += withProse ? 5 : 2;
    }
    list.end();
    sect.end();
    return cy;
  };
  const leftBottom = column({ title: titles.challenges, points: story.challenges }, MARGIN, y);
  const rightBottom = column({ title: titles.solution, points: story.solution }, MARGIN + colWidth + colGap, y);
  decoration(() => {
    const x = MARGIN + colWidth + colGap / 2;
    doc
      .moveTo(x, y + 2)
      .lineTo(x, Math.max(leftBottom, rightBottom) - 8)
      .lineWidth(0.75)
      .stroke(colors.line);
  });
  y = Math.max(leftBottom, rightBottom) + 6;
  if (onePager.howItWorks) y = drawHowItWorks(doc, pen, onePager.howItWorks, y) + 10;

  // --- Leadership perspective ---------------------------------------------------------------------
  const quoteSect = group(null, 'Sect');
  y = sectionTitle(quoteSect, titles.testimonial, MARGIN, y);
  const quoteX = MARGIN + 40;
  const quoteWidth = contentWidth - 40 - 22;
  const quote = { x: quoteX, width: quoteWidth, font: 'italic', size: 10, leading: 1.4 } as const;
  const role = `${testimonial.person.title}, ${story.customer.name}`;
  const words = quoteWithoutFigures(testimonial.quote, figuresOf(story));
  const quoteHeight = 14 + height(words, quote) + 8 + 13 + 2 + 11 + 14;
  decoration(() => {
    doc.rect(MARGIN, y, contentWidth, quoteHeight).fill(colors.brandSoft);
    doc.rect(MARGIN, y, 4, quoteHeight).fill(colors.brand);
    doc
      .font('bold')
      .fontSize(44)
      .fillColor(colors.brand)
      .text('“', MARGIN + 16, y + 4, { lineBreak: false });
  });
  let qy = y + 14;
  const blockQuote = group(quoteSect, 'BlockQuote');
  tag(blockQuote, 'P', () => (qy = write(words, qy, quote)));
  blockQuote.end();
  tag(
    quoteSect,
    'P',
    () => (qy = write(testimonial.person.name, qy + 8, { x: quoteX, width: quoteWidth, font: 'bold', size: 10.5, color: colors.brandDeep, leading: 1.2 })),
  );
  tag(quoteSect, 'P', () => write(role, qy + 2, { x: quoteX, width: quoteWidth, size: 9, color: colors.muted, leading: 1.2 }));
  quoteSect.end();
  y += quoteHeight + 14;

  // --- The one call to action ------------------------------------------------------------------------
  const ctaSect = group(null, 'Sect');
  const ctaText = { size: 9.5, width: contentWidth - 28 } as const;
  const ctaHeight = 12 + 15 + 3 + height(onePager.cta.text, ctaText) + 5 + 12 + 12;
  decoration(() => doc.roundedRect(MARGIN, y, contentWidth, ctaHeight, 6).lineWidth(1.25).stroke(colors.brandDeep));
  let cy = y + 12;
  tag(
    ctaSect,
    'H2',
    () => (cy = write(onePager.cta.title, cy, { x: MARGIN + 14, width: contentWidth - 28, font: 'bold', size: 12.5, color: colors.brandDeep, leading: 1.2 })),
  );
  tag(ctaSect, 'P', () => (cy = write(onePager.cta.text, cy + 3, { x: MARGIN + 14, ...ctaText })));
  const next = nextStepOf(story);
  link(doc, ctaSect, next.words, next.url, MARGIN + 14, cy + 5);
  ctaSect.end();
  y += ctaHeight;

  // --- Footer: the publisher and the way back to the story ------------------------------------------
  // Its words end 10 mm above the paper's edge (the band under them is decoration and may bleed).
  const footerText = { size: 8.5, leading: 1.2 } as const;
  const footerY = H - EDGE - height(onePager.publishedBy, footerText) - 2;
  const footerHeight = H - footerY + 10;
  if (y > H - footerHeight - 10) {
    throw new Error(`one-pager: the copy no longer fits on one A4 page (${Math.ceil(y - (H - footerHeight - 10))} pt too long).`);
  }
  decoration(() => doc.rect(0, H - footerHeight, W, footerHeight).fill(colors.brandDeep));
  const footer = group(null, 'Sect');
  tag(footer, 'P', () => write(onePager.publishedBy, footerY, { ...footerText, font: 'bold', color: colors.white, width: 200 }));
  // Set flush with the right margin: the address is long, and it must end 10 mm from the edge too.
  const linkWidth = doc.font('regular').fontSize(8.5).widthOfString(`${onePager.storyLink} `) + doc.font('bold').widthOfString(onePager.storyUrl);
  link(doc, footer, onePager.storyLink, onePager.storyUrl, W - MARGIN - linkWidth, footerY, { color: colors.white, size: 8.5 });
  footer.end();
  root.end();
}

/**
 * The next step the call to action links: the story's own (`cta.nextStepLink`, as the thank-you
 * offers it) if it names one, else the publisher's contact line (`onePager.cta`).
 */
export function nextStepOf({ cta, onePager }: Story): { words: string; url: string } {
  return cta.nextStepLink ? { words: `${cta.nextStepLink.label}:`, url: cta.nextStepLink.url } : { words: onePager.cta.link, url: onePager.cta.url };
}

type Pen = ReturnType<typeof penFor>;
type HowItWorks = NonNullable<Story['onePager']['howItWorks']>;

/** The how-it-works: numbered steps side by side, as an ordered list; returns the y under them. */
function drawHowItWorks(doc: Doc, pen: Pen, howItWorks: HowItWorks, top: number): number {
  const { contentWidth, write, decoration, tag, group, sectionTitle } = pen;
  const sect = group(null, 'Sect');
  const y = sectionTitle(sect, howItWorks.title, MARGIN, top);
  const gap = 18;
  const width = (contentWidth - (howItWorks.steps.length - 1) * gap) / howItWorks.steps.length;
  const list = group(sect, 'L');
  let bottom = y;
  howItWorks.steps.forEach((step, i) => {
    const x = MARGIN + i * (width + gap);
    const item = group(list, 'LI');
    // The number in a disc beside the step's title; the step's text runs the column's full width.
    decoration(() => doc.circle(x + 7, y + 7, 7).fill(colors.brandDeep));
    tag(item, 'Lbl', () => write(`${i + 1}`, y + 2, { x, width: 14, font: 'bold', size: 8, color: colors.white, align: 'center', leading: 1.2 }));
    const body = group(item, 'LBody');
    let sy = y;
    tag(body, 'H3', () => (sy = write(step.title, sy, { x: x + 20, width: width - 20, font: 'bold', size: 10, leading: 1.3, color: colors.brandDeep })));
    tag(body, 'P', () => (sy = write(step.text, sy + 1, { x, width, size: 9, leading: 1.35 })));
    body.end();
    item.end();
    bottom = Math.max(bottom, sy);
  });
  list.end();
  sect.end();
  return bottom;
}

/** "Words: address" as a paragraph holding a Link element (the address underlined and clickable). */
function link(doc: Doc, parent: Struct, words: string, url: string, x: number, y: number, { color = colors.ink as string, size = 9.5 } = {}) {
  const paragraph = doc.struct('P');
  parent.add(paragraph);
  paragraph.add(
    doc.struct('Span', {}, () => {
      doc.font('regular').fontSize(size).fillColor(color).text(`${words} `, x, y, { continued: true, lineBreak: false });
    }),
  );
  paragraph.add(
    doc.struct('Link', {}, () => {
      doc
        .font('bold')
        .fillColor(color === colors.ink ? colors.brandDeep : color)
        .text(url, { link: url, underline: true, lineBreak: false });
    }),
  );
  paragraph.end();
}

/** A rising line in a rounded square, as tall as a figure: the place of a result that has no figure. */
function drawResultMark(doc: Doc, x: number, y: number) {
  doc.roundedRect(x, y, 22, 22, 5).fill(colors.brandDeep);
  doc
    .moveTo(x + 5, y + 16)
    .lineTo(x + 10, y + 11)
    .lineTo(x + 13, y + 14)
    .lineTo(x + 17, y + 7)
    .lineWidth(1.8)
    .lineCap('round')
    .lineJoin('round')
    .stroke(colors.white);
}

/**
 * The product in one picture, as on the hero's After side: a chat bubble holding a voice call in
 * progress. A figure with a text alternative; its own words are part of the drawing.
 */
function drawCallCard(doc: Doc, call: Story['drawings']['call'], parent: Struct, x: number, y: number, width: number) {
  const scale = Math.min(1, width / 264);
  parent.add(
    doc.struct('Figure', { alt: call.description }, () => {
      doc.save();
      doc.translate(x, y).scale(scale);
      doc.path('M14 2h236a12 12 0 0 1 12 12v44a12 12 0 0 1-12 12h-4l4 12-20-12H14A12 12 0 0 1 2 58V14A12 12 0 0 1 14 2z').fill(colors.white);
      doc.circle(38, 36, 20).fill(colors.brandDeep);
      doc.save().translate(26, 24);
      doc
        .path('M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2')
        .lineWidth(1.8)
        .lineJoin('round')
        .stroke(colors.white);
      doc.restore();
      doc.font('bold').fontSize(15).fillColor(colors.ink).text(call.title, 70, 18, { lineBreak: false });
      doc.font('regular').fontSize(12).fillColor(colors.muted).text(call.caption, 70, 40, { lineBreak: false });
      doc.path('M224 30v12M231 24v24M238 31v10M245 27v18').lineWidth(4).lineCap('round').stroke(colors.brand);
      doc.restore();
    }),
  );
}
