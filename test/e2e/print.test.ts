/**
 * Paper (issue 27, item 6): the demo story page (`npm start`'s server), printed by Chromium at A4
 * and at Letter with 10 mm margins, read back with poppler (pdfinfo, pdftotext -bbox). At most
 * two A4 pages (three Letter) with no box split (issue 43), the story lined up with the host's column, and the printed call to action carries
 * the address where the PDF can be had.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../../demo/ensure-built.mjs';
import { PAGES, startDemoServer, type DemoServer } from '../../demo/server.mjs';
import { launchOptions } from '../../scripts/chromium.mjs';
import defaultStory from '../../src/shared/story/stories/redcliffe-labs.json' with { type: 'json' };

const { hero } = defaultStory;
const ctaSection = { title: defaultStory.titles.cta };
import { printOffer } from '../../src/shared/content/print-offer.js';

let demo: DemoServer;
let browser: Browser;
let work: string;

beforeAll(async () => {
  await ensureBuilt({ log: () => {} });
  work = await mkdtemp(path.join(tmpdir(), 'rcs-print-'));
  demo = await startDemoServer({ port: 0, leadsDb: path.join(work, 'leads.db'), quiet: true });
  browser = await puppeteer.launch(launchOptions);
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await demo?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

interface Word {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Each page's words with their boxes (points), from pdftotext -bbox. */
const squeezeSpaces = (value: string) => value.replace(/\s+/g, '');

function pagesOf(file: string): Word[][] {
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  return html
    .split('<page ')
    .slice(1)
    .map((page) =>
      [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
        x0: Number(m[1]),
        y0: Number(m[2]),
        x1: Number(m[3]),
        y1: Number(m[4]),
        text: m[5] ?? '',
      })),
    );
}

describe('the demo story page on paper', () => {
  for (const format of ['A4', 'Letter'] as const) {
    it(`${format} with 10 mm margins: at most 3 pages, in the host's column, the offer with its address`, async () => {
      const page = await browser.newPage();
      try {
        await page.setViewport({ width: 1280, height: 800 });
        const story = `${demo.origin}${PAGES.story}`;
        await page.goto(story, { waitUntil: 'networkidle0' });
        // Printed as a visitor would: once the story is there, before scrolling to the end.
        await page.waitForFunction(() => document.querySelector('redcliffe-case-study')?.shadowRoot?.querySelector('.print-offer'), { timeout: 15_000 });
        const file = path.join(work, `story-${format}.pdf`);
        await writeFile(file, await page.pdf({ format, margin: { top: '10mm', right: '10mm', bottom: '10mm', left: '10mm' }, printBackground: false }));

        const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
        const pageCount = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
        const pages = pagesOf(file);
        const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
        // How full each page is: from the first word's top to the last word's bottom, of the printable height.
        const height = Number(/Page size:\s+[\d.]+ x ([\d.]+)/.exec(info)?.[1]);
        const fill = pages.map((words) =>
          Math.round(((Math.max(...words.map((w) => w.y1)) - Math.min(...words.map((w) => w.y0))) / (height - 2 * 28.35)) * 100),
        );
        console.log(`[measure] demo story printed on ${format}: ${pageCount} pages, filled ${fill.map((f) => `${f}%`).join(', ')}`);
        expect(pageCount, 'pages').toBeLessThanOrEqual(format === 'A4' ? 2 : 3);

        // Issue 43, point 8: no box split across pages, no hole in the quote, the profile's address
        // whole on its line, and a top margin on every page after the first.
        const pageOf = (predicate: (word: Word) => boolean) => pages.findIndex((words) => words.some(predicate));
        const boxes: Record<string, [string, string]> = {
          'the quote': [defaultStory.testimonial.quote.split(' ')[0]!, defaultStory.testimonial.person.name.split(' ')[0]!],
          'the third result': ['connectivity', 'dialer'],
          Challenges: ['Challenges', 'anyone.'],
          'The Solution': ['Solution', 'calling.'],
          'the call to action': [ctaSection.title.split(' ').at(-1)!, defaultStory.cta.text.split(' ')[0]!],
        };
        for (const [box, [first, last]] of Object.entries(boxes)) {
          expect(
            pageOf((w) => w.text === first),
            `${box} starts on a page`,
          ).toBeGreaterThanOrEqual(0);
          expect(
            pageOf((w) => w.text === last),
            `${box}: "${first}" … "${last}" on one page`,
          ).toBe(pageOf((w) => w.text === first));
        }
        const all = pages.flat();
        const eyebrow = all.find((w) => w.text === 'LEADERSHIP');
        const quoteStart = all.find((w) => w.text === defaultStory.testimonial.quote.split(' ')[0] && eyebrow && w.y0 > eyebrow.y0);
        const hole = (quoteStart?.y0 ?? 0) - (eyebrow?.y1 ?? 0);
        console.log(
          `[measure] ${format}: ${hole.toFixed(1)} pt between the quote's title and its first words; page tops ${pages.map((words) => Math.min(...words.map((w) => w.y0)).toFixed(1)).join(', ')} pt`,
        );
        expect(hole, 'no hole above the quote').toBeLessThan(30);
        expect(squeezeSpaces(text), "the profile's address printed whole").toContain('(https://www.linkedin.com/company/redcliffelabs/)');
        expect(
          all.some((w) => w.text.includes('linkedin.com/company/redcliffelabs/')),
          'on one line',
        ).toBe(true);
        // Every later page starts at its 10 mm margin with a whole box or a heading, never a box cut open at the top.
        for (const words of pages.slice(1)) expect(Math.min(...words.map((w) => w.y0)), 'a top margin').toBeGreaterThanOrEqual(28.35);

        // Every section is there (nothing lost to fit three pages).
        expect(text).toContain(hero.headline.split(' ').slice(0, 3).join(' '));
        for (const words of ['Leadership perspective', 'Challenges', 'The Solution', 'Impact', ctaSection.title]) {
          expect(text.toLowerCase(), words).toContain(words.toLowerCase());
        }

        // In the host's column: the story's headline starts where the host's footer text does.
        const headline = all.find((w) => w.text === hero.headline.split(' ')[0]);
        const hostFooter = all.find((w) => w.text === 'Acme' && all.some((v) => v.text === 'Messaging' && Math.abs(v.y0 - w.y0) < 1 && v.x0 > w.x1));
        const hostFooterLast = all.filter((w) => w.text === 'Acme').at(-1);
        expect(headline, 'headline printed').toBeDefined();
        expect(hostFooter, 'host footer printed').toBeDefined();
        console.log(`[measure] ${format}: headline starts at ${headline?.x0.toFixed(1)} pt, the host's footer at ${hostFooterLast?.x0.toFixed(1)} pt`);
        expect(Math.abs((headline?.x0 ?? 0) - (hostFooterLast?.x0 ?? 0)), "the story's left edge against the host's column").toBeLessThan(2);

        // The offer carries the address where the PDF can be had: this page's call to action.
        // (pdftotext drops a hyphen where a line breaks after it: compare without spaces and hyphens.)
        const address = `${story}#cta`;
        const squeeze = (value: string) => value.replace(/[\s-]/g, '');
        const squeezed = squeeze(text);
        expect(squeezed, 'the address under the offer').toContain(squeeze(`${printOffer.lead}${address}`));
        // The call to action prints, heading first, and the address comes after it (the lead repeats
        // the heading's words, so without the heading both would be found at the same place).
        const heading = squeezed.indexOf(squeeze(ctaSection.title));
        const lead = squeezed.indexOf(squeeze(`${printOffer.lead}${address}`));
        expect(heading, 'the call to action heading is printed').toBeGreaterThanOrEqual(0);
        expect(lead, 'the address after the call to action heading').toBeGreaterThan(heading);
        // …and printed as a heading: its first word is set larger than the lead's.
        const gets = all.filter((w) => w.text === ctaSection.title.split(' ')[0]).map((w) => w.y1 - w.y0);
        expect(gets.length, '"Get" as heading and as lead').toBeGreaterThanOrEqual(2);
        expect(Math.max(...gets), 'the heading is larger than the lead').toBeGreaterThan(Math.min(...gets) * 1.2);
      } finally {
        await page.close();
      }
    }, 120_000);
  }
});
