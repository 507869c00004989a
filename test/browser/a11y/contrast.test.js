import { expect, nextFrame, waitUntil } from '@open-wc/testing';
import { emulateMedia, sendKeys, setViewport } from '@web/test-runner-commands';
import { $, byText, jumpTo, renderStory } from '../element/helpers.js';
import { focusRing, pixel, screenshot, textContrast } from './pixels.js';

/** Bring `node` into view, let layout and paint settle. */
async function show(node) {
  node.scrollIntoView({ block: 'center', behavior: 'instant' });
  await nextFrame();
  await nextFrame();
}

/** Screenshots of `node`'s surroundings without and with keyboard focus, and the ring measured between them. */
async function measureRing(el, node, rectOf = node) {
  await show(node);
  el.shadowRoot.activeElement?.blur();
  await nextFrame();
  await nextFrame();
  const unfocused = await screenshot();
  node.focus();
  expect(node.matches(':focus-visible'), 'keyboard-style focus').to.equal(true);
  await nextFrame();
  await nextFrame();
  const focused = await screenshot();
  return focusRing(unfocused, focused, rectOf.getBoundingClientRect());
}

const handleOf = (el) => $(el, '[role="slider"]');
const value = (el) => Number(handleOf(el).getAttribute('aria-valuenow'));

async function slideTo(el, key, expected) {
  handleOf(el).focus();
  await sendKeys({ press: key });
  await waitUntil(() => value(el) === expected, `slider at ${expected}`);
  await nextFrame();
}

describe('contrast, measured on screenshots', () => {
  let el;
  before(async () => {
    await setViewport({ width: 1280, height: 800 });
    await emulateMedia({ reducedMotion: 'reduce' }); // every section shown at once, no fades mid-measure
    await sendKeys({ press: 'Shift' }); // a keyboard user: programmatic focus shows the focus ring
  });
  after(() => emulateMedia({ reducedMotion: 'no-preference' }));
  beforeEach(async () => {
    jumpTo(0);
    el = await renderStory();
  });

  it('every focus ring is at least 3:1 against the background next to it', async () => {
    const targets = [
      ['"Read Full Customer Story" (white page)', byText(el, 'button', 'Read Full Customer Story')],
      ['"Get the one-page PDF" (white page)', byText(el, 'button', 'Get the one-page PDF')],
      ['"Redcliffe Labs on LinkedIn" (dark green testimonial)', $(el, '#leadership-perspective a')],
      ['the offer\'s "Download PDF" (white card)', $(el, '.offer__button')],
      ["the offer's cross (white card)", $(el, '.offer__dismiss')],
      ['call to action (soft green gradient)', $(el, '[part="cta-button"]')],
      ['JumpNav chip (white page)', $(el, 'nav button')],
    ];
    const figures = {};
    for (const [name, node] of targets) figures[name] = await measureRing(el, node);
    // The slider's ring sits over both panes and the divider: measured at 50 and near either end.
    for (const [key, at] of [
      ['Home', 1],
      ['PageUp', 11],
      ['End', 99],
      ['PageDown', 89],
    ]) {
      await slideTo(el, key, at);
      figures[`slider handle at ${at}`] = await measureRing(el, handleOf(el), $(el, '.compare__grip'));
    }
    console.log(`[measure] focus rings (worst ray's contrast, 3:1 band in px): ${JSON.stringify(figures)}`);
    for (const [name, ring] of Object.entries(figures)) {
      expect(ring.changed, `${name}: a visible ring`).to.be.above(0);
      expect(ring.contrast, `${name}: ring contrast`).to.be.at.least(3);
      expect(ring.band, `${name}: a band at least 2 px wide at 3:1 on every side`).to.be.at.least(2);
    }
  });

  it('the dialog’s focus rings (fields, Close, submit) are at least 3:1 on its white card', async () => {
    el.openDownload();
    await waitUntil(() => $(el, 'dialog[open]'), 'the dialog did not open');
    const dialog = $(el, 'dialog');
    const close = [...dialog.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Close');
    const figures = {};
    for (const [name, node] of [
      ['first name field', dialog.querySelector('input[name="firstName"]')],
      ['Close', close],
    ]) {
      figures[name] = await measureRing(el, node);
    }
    console.log(`[measure] dialog focus rings: ${JSON.stringify(figures)}`);
    for (const [name, ring] of Object.entries(figures)) {
      expect(ring.contrast, name).to.be.at.least(3);
      expect(ring.band, name).to.be.at.least(2);
    }
    dialog.close();
  });

  it('the slider handle and its ring are fully visible at 1 and at 99', async () => {
    for (const [key, at] of [
      ['Home', 1],
      ['End', 99],
    ]) {
      await slideTo(el, key, at);
      await show(handleOf(el));
      const grip = $(el, '.compare__grip').getBoundingClientRect();
      const y = grip.top + grip.height / 2;
      // Hit testing honours clipping: a clipped edge of the grip is not "there" for the pointer.
      for (const x of [grip.left + 1, grip.right - 1]) {
        const hit = el.shadowRoot.elementFromPoint(x, y);
        const what = hit === handleOf(el) || handleOf(el).contains(hit) ? 'the handle' : `<${hit?.localName} class="${hit?.className}">`;
        expect(what, `grip edge at x=${Math.round(x)} with the slider at ${at}`).to.equal('the handle');
      }
      // And painted: the grip's white edge, not the page, where its outermost pixels are.
      const image = await screenshot();
      const edge = pixel(image, at === 1 ? grip.left + 2 : grip.right - 2, y);
      expect(edge, `grip edge painted at ${at}`).to.deep.equal([255, 255, 255]);
    }
  });

  it('the AFTER label and every After point are at least 4.5:1, at every slider position', async () => {
    const figures = {};
    for (const [width, key, at] of [
      [1280, 'Home', 1],
      [1280, 'End', 99],
      [390, 'Home', 1],
      [390, 'End', 99],
    ]) {
      await setViewport({ width, height: 800 });
      await slideTo(el, key, at);
      await show($(el, '.compare'));
      const image = await screenshot();
      const side = `${at === 1 ? 'after' : 'before'} at ${width} px`;
      const pane = $(el, `.compare__pane--${at === 1 ? 'after' : 'before'}`);
      const rects = [pane.querySelector('.compare__title'), ...pane.querySelectorAll('li')].map((node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return range.getBoundingClientRect();
      });
      figures[side] = rects.map((rect) => textContrast(image, rect));
    }
    console.log(`[measure] comparison text contrast (title, then each point): ${JSON.stringify(figures)}`);
    for (const [side, ratios] of Object.entries(figures)) {
      for (const ratio of ratios) expect(ratio, `${side} pane text`).to.be.at.least(4.5);
    }
    await setViewport({ width: 1280, height: 800 });
  });
});
