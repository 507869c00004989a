import { expect, nextFrame, waitUntil } from '@open-wc/testing';
import { emulateMedia, executeServerCommand, sendKeys, setViewport } from '@web/test-runner-commands';
import { $, jumpTo, renderStory } from '../element/helpers.js';
import { contrast, pixel, round2, screenshot } from './pixels.js';

const frames = async (n = 2) => {
  for (let i = 0; i < n; i++) await nextFrame();
};

describe('forced colours, print, font size, narrow screens', () => {
  afterEach(async () => {
    await executeServerCommand('a11y-media', { features: [] });
    await emulateMedia({ reducedMotion: 'no-preference' });
    await setViewport({ width: 1280, height: 800 });
    jumpTo(0);
  });

  it('in forced colours the slider divider and handle stay visible (system colours)', async () => {
    await setViewport({ width: 1280, height: 800 });
    const el = await renderStory();
    await executeServerCommand('a11y-media', { features: [{ name: 'forced-colors', value: 'active' }] });
    await frames(3);
    expect(matchMedia('(forced-colors: active)').matches).to.equal(true);
    const track = $(el, '.compare__track').getBoundingClientRect();
    const grip = $(el, '.compare__grip').getBoundingClientRect();
    const line = $(el, '.compare__handle').getBoundingClientRect();
    const shot = await screenshot();
    const x = Math.round(line.left + line.width / 2);
    const y = Math.round(track.top + 8); // above the grip: only the divider line is there
    let divider = 1;
    for (let dx = -2; dx <= 2; dx++) divider = Math.max(divider, contrast(pixel(shot, x + dx, y), pixel(shot, x - 12, y)));
    const gy = Math.round(grip.top + grip.height / 2);
    let gripEdge = 1;
    for (let gx = Math.round(grip.left) - 3; gx <= Math.round(grip.left) + 3; gx++) {
      gripEdge = Math.max(gripEdge, contrast(pixel(shot, gx, gy), pixel(shot, gx + 1, gy)));
    }
    console.log(`[measure] forced colours: divider ${round2(divider)}:1 against the pane, grip edge ${round2(gripEdge)}:1`);
    expect(divider, 'divider').to.be.at.least(3);
    expect(gripEdge, 'grip edge').to.be.at.least(3);
  });

  it('the root size follows the visitor’s default font size (no fixed 16 px)', async () => {
    await executeServerCommand('a11y-font-size', { standard: 24 });
    try {
      const el = await renderStory();
      const size = getComputedStyle($(el, '.page')).fontSize;
      console.log(`[measure] element font size with a 24 px browser default: ${size}`);
      expect(size).to.equal('24px');
    } finally {
      await executeServerCommand('a11y-font-size', { standard: 16 });
    }
  });

  it('printing before scrolling gives no blank page, every section, both lists, link targets, no chrome', async () => {
    await setViewport({ width: 1280, height: 800 });
    const el = await renderStory();
    await frames(2);
    const { pages, texts } = await executeServerCommand('a11y-pdf');
    const blank = texts.filter((page) => page.trim() === '').length;
    const all = texts.join('\n').replace(/\s+/g, ' ').toLowerCase(); // headings may be upper-cased by CSS
    console.log(`[measure] print: ${pages} pages, ${blank} blank`);
    expect(blank, 'blank pages').to.equal(0);
    for (const heading of ['Leadership perspective', 'Challenges', 'The Solution', 'Impact', 'Get the one-page case study']) {
      expect(all, heading).to.contain(heading.toLowerCase());
    }
    for (const point of ['Unreliable PSTN network', 'Poor customer loyalty', 'Seamless IP-based connectivity', '25% increase in NPS']) {
      expect(all, point).to.contain(point.toLowerCase());
    }
    expect(all.replace(/ /g, ''), 'link target printed').to.contain('https://www.linkedin.com/company/redcliffelabs/');
    for (const chrome of ['Jump to a section', 'Back to top', 'Drag to compare', 'Read Full Customer Story', 'Download the case study']) {
      expect(all, chrome).not.to.contain(chrome.toLowerCase());
    }
    // Text printed dark on the white page (backgrounds are not printed).
    await emulateMedia({ media: 'print' });
    try {
      for (const selector of ['.compare__pane--after li', '.testimonial__quote p', '.testimonial__role', '.compare__title']) {
        const [r, g, b] = getComputedStyle($(el, selector)).color.match(/\d+/g).map(Number);
        expect(contrast([r, g, b], [255, 255, 255]), `${selector} on paper`).to.be.at.least(4.5);
      }
    } finally {
      await emulateMedia({ media: 'screen' });
    }
  });

  for (const [name, viewport] of [
    ['320 px', { width: 320, height: 640 }],
    ['400 % zoom of 1280 px', { width: 320, height: 200 }],
  ]) {
    it(`at ${name} the ✓ marks are whole and no item breaks at a hyphen`, async () => {
      await setViewport(viewport);
      const el = await renderStory();
      const track = $(el, '.compare__track');
      track.scrollIntoView({ block: 'start', behavior: 'instant' });
      await frames();
      const handle = $(el, '[role="slider"]');
      handle.focus();
      await sendKeys({ press: 'Home' }); // the After side across the whole comparison
      await waitUntil(() => handle.getAttribute('aria-valuenow') === '1');
      await frames();
      const pane = $(el, '.compare__pane--after');
      const paneBox = pane.getBoundingClientRect();
      const problems = [];
      for (const li of pane.querySelectorAll('li')) {
        const box = li.getBoundingClientRect();
        // The ✓ is the item's last grid column: the item must fit inside the pane's padding box.
        if (box.right > paneBox.right + 0.5 || li.scrollWidth > li.clientWidth + 0.5)
          problems.push(
            `cut: ${li.textContent} (${Math.round(box.left)}..${Math.round(box.right)} in pane ..${Math.round(paneBox.right)}, ${li.scrollWidth}/${li.clientWidth})`,
          );
        for (const word of li.textContent.match(/\S+-\S+/g) ?? []) {
          const range = document.createRange();
          const node = [...li.querySelectorAll('*'), li].flatMap((n) => [...n.childNodes]).find((c) => c.nodeType === 3 && c.data.includes(word));
          if (!node) continue;
          const start = node.data.indexOf(word);
          range.setStart(node, start);
          range.setEnd(node, start + word.length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) problems.push(`"${word}" broken over ${lines.size} lines`);
        }
      }
      console.log(`[measure] ${name}: ${problems.length ? problems.join('; ') : 'no cut marks, no hyphen breaks'}`);
      expect(problems).to.deep.equal([]);
    });
  }
});
