/**
 * The default story's one-page PDF (src/shared/pdf/one-pager.ts), checked as a reader's tools see it: poppler's pdfinfo,
 * pdffonts and pdftotext (Debian's poppler-utils) on the rendered file, and its objects read back
 * with pdf-lib (links, structure tree, colours).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFString, PDFHexString, decodePDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDGE, PDF_FILE_NAME, figuresOf, metadataOf, nextStepOf, quoteWithoutFigures, renderOnePager } from '../../src/shared/pdf/one-pager.js';
import type { Story } from '../../src/shared/story/check-story.js';
import defaultStory from '../../src/shared/story/stories/redcliffe-labs.json' with { type: 'json' };
import demoStory from '../../demo/stories/northwind-clinics.json' with { type: 'json' };
import { buildPdf, contentDate } from '../../scripts/build-pdf.mjs';
import { colors } from '../../src/shared/theme.js';

let work: string;
let file: string;
let bytes: Uint8Array;
let doc: PDFDocument;
let info: Record<string, string>;
let text: string;
/** Every word with its box (points, from the page's top left), from pdftotext -bbox. */
let words: { text: string; x0: number; y0: number; x1: number; y1: number }[];
let page: { width: number; height: number };
/** The date the tests render with, as scripts/build-pdf.mjs would pass it. */
const DATE = new Date('2026-03-04T05:06:07Z');

const story = defaultStory as Story;
const { hero, titles, testimonial: testimonialWords, about: aboutWords, impact: impactWords, onePager } = story;
const publisher = { ...onePager, name: onePager.publisher };
const challengeWords = { points: story.challenges };
const solutionWords = { points: story.solution };
const metadata = metadataOf(story);
/** Its figures, by value (the results' and the customer's numbers). */
const figures = Object.fromEntries(figuresOf(story).map((value) => [value, value]));

const normalise = (value: string) => value.replace(/\s+/g, ' ').trim();
const poppler = (tool: string, ...args: string[]) => execFileSync(tool, [...args, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;
const textOf = (value: unknown) => (value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined);

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'rcs-pdf-'));
  bytes = await renderOnePager({ story, date: DATE });
  file = path.join(work, PDF_FILE_NAME);
  writeFileSync(file, bytes);
  doc = await PDFDocument.load(bytes);
  info = Object.fromEntries(
    poppler('pdfinfo')
      .split('\n')
      .filter((line) => line.includes(':'))
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1).trim()]),
  );
  text = normalise(execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }));
  const boxes = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const size = /<page width="([\d.]+)" height="([\d.]+)">/.exec(boxes);
  page = { width: Number(size?.[1]), height: Number(size?.[2]) };
  words = [...boxes.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
    x0: Number(m[1]),
    y0: Number(m[2]),
    x1: Number(m[3]),
    y1: Number(m[4]),
    text: m[5] ?? '',
  }));
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Another story's PDF as a reader's tools see it: pdfinfo's page count, pdftotext's words, the link annotations' addresses. */
async function printedStory(other: Story) {
  const out = path.join(work, `${other.id}-${Math.random().toString(36).slice(2)}.pdf`);
  const rendered = await renderOnePager({ story: other, date: DATE });
  writeFileSync(out, rendered);
  const pages = /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [out], { encoding: 'utf8' }))?.[1];
  const pdf = await PDFDocument.load(rendered);
  return { pages, text: normalise(execFileSync('pdftotext', ['-raw', out, '-'], { encoding: 'utf8' })), uris: linksOf(pdf) };
}

/** The addresses of the first page's link annotations, in order. */
function linksOf(pdf: PDFDocument) {
  return pdf
    .getPage(0)
    .node.Annots()
    ?.asArray()
    .map((ref) => pdf.context.lookup(ref, PDFDict))
    .map((annot) => textOf(annot.lookup(PDFName.of('A'), PDFDict).lookup(PDFName.of('URI'))));
}

/** Every structure element under the StructTreeRoot: its type and, for figures, its Alt. */
function structure(): { type: string; alt?: string }[] {
  const root = doc.catalog.lookup(PDFName.of('StructTreeRoot'), PDFDict);
  const out: { type: string; alt?: string }[] = [];
  const visit = (node: unknown) => {
    const resolved = node && typeof node === 'object' && 'objectNumber' in node ? doc.context.lookup(node as never) : node;
    if (resolved instanceof PDFArray) return resolved.asArray().forEach(visit);
    if (!(resolved instanceof PDFDict)) return;
    const type = resolved.get(PDFName.of('S'));
    if (type instanceof PDFName) out.push({ type: type.decodeText(), alt: textOf(resolved.lookup(PDFName.of('Alt'))) });
    const kids = resolved.get(PDFName.of('K'));
    if (kids) visit(kids);
  };
  visit(root.get(PDFName.of('K')));
  return out;
}

describe('the one-page PDF', () => {
  it('is exactly one A4 page', () => {
    expect(info.Pages).toBe('1');
    expect(info['Page size']).toMatch(/^595\.28 x 841\.89 pts \(A4\)/);
  });

  it('names its publisher as author and in the page, the story as title', () => {
    expect(info.Author).toBe(publisher.name);
    expect(info.Title).toBe(hero.headline);
    expect(info.Subject).toContain('one-page case study');
    expect(info.Keywords).toContain('WhatsApp Calling');
    expect(text).toContain(publisher.publishedBy);
  });

  it('declares its language (English) in the document catalog', () => {
    const lang = doc.catalog.lookup(PDFName.of('Lang'), PDFString);
    expect(lang.decodeText()).toBe(metadata.language);
  });

  it('embeds every font it uses (pdffonts: emb yes)', () => {
    const rows = poppler('pdffonts').split('\n').slice(2).filter(Boolean);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) expect(row, row).toMatch(/\byes\s+yes\s+yes\s+\d+\s+\d+$/); // emb, sub, uni
  });

  it('is tagged: headings, paragraphs, lists, a block quote, links and a figure with its text alternative', () => {
    expect(info.Tagged).toBe('yes');
    const elements = structure();
    const types = elements.map((element) => element.type);
    expect(types[0]).toBe('Document');
    expect(types.filter((type) => type === 'H1')).toHaveLength(1);
    for (const type of ['H2', 'H3', 'P', 'L', 'LI', 'Lbl', 'LBody', 'BlockQuote', 'Link']) expect(types, type).toContain(type);
    const figure = elements.find((element) => element.type === 'Figure');
    expect(figure?.alt).toBe(story.drawings.call.description);
    // Every heading of the story in the tree's text, in reading order.
    const tree = normalise(poppler('pdfinfo', '-struct-text'));
    let at = 0;
    const steps = onePager.howItWorks?.title ?? '';
    for (const heading of [hero.headline, titles.impact, titles.about, titles.challenges, titles.solution, steps, titles.testimonial, publisher.cta.title]) {
      const found = tree.toLowerCase().indexOf(heading.toLowerCase(), at);
      expect(found, heading).toBeGreaterThan(-1);
      at = found;
    }
  });

  it('links to the story page and carries one call to action', () => {
    const uris = linksOf(doc);
    expect(uris).toEqual([publisher.cta.url, publisher.storyUrl]);
    expect(text).toContain(`${publisher.storyLink} ${publisher.storyUrl}`);
    expect(count(text, publisher.cta.title)).toBe(1);
    expect(text).toContain(`${publisher.cta.link} ${publisher.cta.url}`);
  });

  it('shows each statistic once, with its label', () => {
    // The headline and the quote mention results in prose; as statistics each shows once.
    const outsideQuote = text.replace(normalise(testimonialWords.quote), '').replace(normalise(hero.headline), '');
    for (const stat of aboutWords.stats) {
      expect(count(outsideQuote, stat.value), stat.value).toBe(1);
      expect(outsideQuote).toContain(`${stat.value} ${stat.label}`);
    }
    for (const card of impactWords.cards) {
      expect(count(outsideQuote, card.value), card.value).toBe(1);
      expect(outsideQuote).toContain(`${card.value} ${card.label}`);
    }
    for (const value of Object.values(figures)) expect(text).toContain(value);
  });

  it('shows the headline, every point’s title and the person quoted, and leaves the points’ prose to the page', () => {
    expect(text).toContain(normalise(hero.headline));
    for (const point of [...challengeWords.points, ...solutionWords.points]) {
      expect(text).toContain(point.title);
      expect(text).not.toContain(normalise(point.text));
    }
    expect(text).toContain(testimonialWords.person.name);
  });

  it('prints the how-it-works, its steps numbered in order, and links the next step as an action', () => {
    const howItWorks = onePager.howItWorks;
    if (!howItWorks) throw new Error('the default story has a how-it-works');
    expect(howItWorks.steps).toHaveLength(3);
    let at = text.indexOf(howItWorks.title.toUpperCase());
    expect(at, howItWorks.title).toBeGreaterThan(-1);
    howItWorks.steps.forEach((step, i) => {
      const found = text.indexOf(`${i + 1} ${step.title}`, at);
      expect(found, step.title).toBeGreaterThan(at);
      expect(text).toContain(normalise(step.text));
      at = found;
    });
    const next = nextStepOf(story);
    expect(next).toEqual({ words: 'Talk to our team:', url: publisher.cta.url });
    expect(text).toContain(`${next.words} ${next.url}`);
  });

  it('paints only with the theme colours (src/styles/theme.ts, shared with the element CSS)', () => {
    const contents = doc.getPage(0).node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    const ops = streams.map((stream) => Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1')).join('\n');
    const used = new Set(
      [...ops.matchAll(/([\d.]+) ([\d.]+) ([\d.]+) (?:rg|RG|scn|SCN)\b/g)].map((m) =>
        m
          .slice(1, 4)
          .map(Number)
          .map((n) => Math.round(n * 255))
          .join(','),
      ),
    );
    const hex = (value: string) => {
      const full = value.length === 4 ? [...value.slice(1)].map((c) => c + c).join('') : value.slice(1);
      return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)).join(',');
    };
    const theme = new Set(Object.values(colors).map(hex));
    expect(used.size).toBeGreaterThan(3);
    for (const colour of used) expect(theme.has(colour), `colour ${colour} is not in the theme`).toBe(true);
    expect(used.has('7,94,84')).toBe(true); // brand-deep #075e54 bands and figures
  });

  it('renders the same bytes for the same content and date (reproducible build)', async () => {
    expect(Buffer.from(await renderOnePager({ story, date: DATE })).equals(Buffer.from(bytes))).toBe(true);
  });

  it('keeps every word at least 10 mm from the paper’s edge', () => {
    expect(words.length).toBeGreaterThan(200);
    const margins = words.map((word) => ({
      word: word.text,
      margin: Math.min(word.x0, word.y0, page.width - word.x1, page.height - word.y1),
    }));
    const nearest = margins.reduce((a, b) => (b.margin < a.margin ? b : a));
    console.log(`[measure] one-pager: smallest margin ${(nearest.margin / 72) * 25.4} mm ("${nearest.word}")`);
    expect(EDGE).toBeCloseTo(28.35, 2);
    for (const { word, margin } of margins) expect(margin, `"${word}" is ${((margin / 72) * 25.4).toFixed(1)} mm from the edge`).toBeGreaterThanOrEqual(EDGE);
  });

  it('prints "22%" and "25%" at most twice each, and the results near the top', () => {
    const counts = Object.fromEntries(Object.values(figures).map((value) => [value, count(text, value)]));
    console.log(`[measure] one-pager figures: ${JSON.stringify(counts)}`);
    for (const value of Object.values(figures)) expect(counts[value], value).toBeGreaterThanOrEqual(1);
    for (const value of Object.values(figures)) expect(counts[value], value).toBeLessThanOrEqual(2);
    // The results (the Impact cards' figures) are the first thing under the header: above About,
    // in the top third of the page.
    const top = (value: string) => Math.min(...words.filter((word) => word.text === value).map((word) => word.y1));
    const aboutTitle = words.find((word) => word.text === titles.about.toUpperCase())?.y0 ?? 0;
    for (const card of impactWords.cards) {
      expect(top(card.value), card.value).toBeLessThan(aboutTitle);
      expect(top(card.value), card.value).toBeLessThan(page.height / 3);
    }
  });

  it('prints each result with its period and baseline, and a result without a figure as a statement, not in the figure’s place', () => {
    for (const card of impactWords.cards) {
      const basis = [card.period, card.baseline].filter(Boolean).join(', ');
      expect(basis, card.label).not.toBe('');
      expect(text).toContain(normalise(basis));
    }
    const top = (value: string) => Math.min(...words.filter((word) => word.text === value).map((word) => word.y0));
    const worded = impactWords.cards.find((card) => card.icon);
    const figured = impactWords.cards.find((card) => !card.icon);
    if (!worded || !figured) throw new Error('the default story has a card with an icon and one with a figure');
    // The word starts the statement, on the label's line, under the figures' line.
    expect(top(worded.value) - top(figured.value), `"${worded.value}" below the figures`).toBeGreaterThan(15);
  });

  it('quotes the person’s sentences that name no figure', () => {
    const quoted = quoteWithoutFigures(testimonialWords.quote, figuresOf(story));
    expect(quoted.length).toBeGreaterThan(60);
    expect(testimonialWords.quote.startsWith(quoted)).toBe(true);
    for (const value of Object.values(figures)) expect(quoted).not.toContain(value);
    expect(text).toContain(normalise(quoted));
  });

  it('links a story’s own next step (cta.nextStepLink) live, and prints a story without a how-it-works as before', async () => {
    const nextStepLink = { label: 'Book a demo', url: 'https://business.whatsapp.com/demo' };
    const { onePager: words, ...rest } = story;
    const { howItWorks: _, ...withoutSteps } = words;
    const variant = { ...rest, cta: { ...story.cta, nextStepLink }, onePager: withoutSteps } as Story;
    const printed = await printedStory(variant);
    expect(printed.pages).toBe('1');
    expect(printed.uris).toEqual([nextStepLink.url, publisher.storyUrl]);
    expect(printed.text).toContain(`${nextStepLink.label}: ${nextStepLink.url}`);
    expect(printed.text).not.toContain(publisher.cta.url);
    for (const point of [...challengeWords.points, ...solutionWords.points]) expect(printed.text).toContain(normalise(point.text));
    expect(printed.text).not.toContain(onePager.howItWorks?.title.toUpperCase() ?? '');
  });

  it('prints the demo’s sample story on one page with its how-it-works', async () => {
    const sample = demoStory as Story;
    const printed = await printedStory(sample);
    expect(printed.pages).toBe('1');
    for (const step of sample.onePager.howItWorks?.steps ?? []) expect(printed.text).toContain(step.title);
    expect(sample.onePager.howItWorks?.steps.length).toBeGreaterThan(0);
    expect(printed.uris).toEqual([sample.onePager.cta.url, sample.onePager.storyUrl]);
  });

  it('is dated by the content it was built from: the last commit, else SOURCE_DATE_EPOCH', async () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const commit = execFileSync('git', ['log', '-1', '--format=%cI'], { cwd: root, encoding: 'utf8' }).trim();
    const out = path.join(work, 'built.pdf');
    await buildPdf(out);
    const built = execFileSync('pdfinfo', ['-isodates', out], { encoding: 'utf8' });
    const creation = /CreationDate:\s+(\S+)/.exec(built)?.[1];
    expect(new Date(creation ?? '').getTime(), `CreationDate ${creation}`).toBe(new Date(commit).getTime());
    expect(built).not.toContain('2025-01-01');
    expect(built).toMatch(/Pages:\s+1\n/);

    // Outside a git checkout (an unpacked tarball): SOURCE_DATE_EPOCH.
    const bare = mkdtempSync(path.join(tmpdir(), 'rcs-no-git-'));
    try {
      expect(contentDate({ cwd: bare, env: { SOURCE_DATE_EPOCH: '1700000000' } })).toEqual({
        date: new Date('2023-11-14T22:13:20Z'),
        from: 'SOURCE_DATE_EPOCH',
      });
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
