/**
 * Paper: the story printed to PDF by Chromium (A4 and Letter), read back with poppler's
 * pdftotext -bbox. On every page no word's box overlaps another's, no line is cut by the page
 * edge, the interactive chrome is absent and links print their address.
 */
import { expect, nextFrame } from '@open-wc/testing';
import { emulateMedia, executeServerCommand, setViewport } from '@web/test-runner-commands';
import { html, renderStory } from '../element/helpers.js';

/**
 * Two words printed over each other. A word's box is its font's full ascent to descent, so the
 * lines of a tightly set heading touch by a few points: overlap counts from a quarter of the
 * smaller word's height.
 */
const overlap = (a, b) =>
  Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 0.5 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 0.25 * Math.min(a.y1 - a.y0, b.y1 - b.y0);

/** Words whose boxes overlap, on one page: text printed over text. */
function overprinted(words) {
  const found = [];
  const sorted = [...words].sort((a, b) => a.y0 - b.y0);
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length && sorted[j].y0 < sorted[i].y1; j++) {
      if (overlap(sorted[i], sorted[j])) found.push(`"${sorted[i].text}" / "${sorted[j].text}"`);
    }
  }
  return found;
}

describe('printing the story (Chromium print to PDF)', () => {
  before(async () => {
    await setViewport({ width: 1280, height: 800 });
    await emulateMedia({ reducedMotion: 'reduce' });
  });
  after(() => emulateMedia({ reducedMotion: 'no-preference' }));

  for (const format of ['A4', 'Letter']) {
    it(`${format}: no text over text, no line cut at a page edge, no chrome, link addresses`, async () => {
      await renderStory(html`<redcliffe-case-study contact-url="https://example.com/sales" privacy-url="/privacy"></redcliffe-case-study>`);
      await nextFrame();
      await nextFrame();
      const { width, height, pages } = await executeServerCommand('a11y-pdf', { format, words: true });
      const report = pages.map((words, n) => ({ page: n + 1, words: words.length, overprinted: overprinted(words) }));
      console.log(
        `[measure] print ${format} (${width}×${height} pt): ${pages.length} pages, ${JSON.stringify(report.map((r) => [r.words, r.overprinted.length]))}`,
      );
      expect(pages.length, 'pages').to.be.within(2, 8);
      for (const { page, overprinted: clash } of report) expect(clash, `page ${page}: text printed over text`).to.deep.equal([]);
      // A line cut by the page break shows as a word box running past the printable area's edge.
      pages.forEach((words, n) => {
        for (const word of words) {
          expect(word.y0, `page ${n + 1}: "${word.text}" cut at the top`).to.be.at.least(0);
          expect(word.y1, `page ${n + 1}: "${word.text}" cut at the bottom`).to.be.at.most(height);
        }
      });
      const all = pages
        .flat()
        .map((word) => word.text)
        .join(' ');
      for (const chrome of ['Jump', 'Back to top', 'Drag to compare', 'Read Full Customer Story', 'Download the case study', 'Download PDF']) {
        expect(all, `"${chrome}" is not printed`).not.to.contain(chrome);
      }
      expect(all.replace(/\s/g, '')).to.contain('(https://www.linkedin.com/company/redcliffelabs/)');
    });
  }
});
