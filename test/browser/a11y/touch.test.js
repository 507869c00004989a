import { expect, nextFrame, waitUntil } from '@open-wc/testing';
import { executeServerCommand, setViewport } from '@web/test-runner-commands';
import { $, jumpTo, renderStory } from '../element/helpers.js';

const touch = (type, x, y) => executeServerCommand('a11y-touch', { type, x: Math.round(x), y: Math.round(y) });
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A real finger on the touch screen: down at `from`, through `steps` moves, up at `to`. */
async function swipe(from, to, steps = 10) {
  await touch('touchStart', from.x, from.y);
  for (let i = 1; i <= steps; i++) {
    await touch('touchMove', from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps);
    await wait(16);
  }
  await touch('touchEnd', to.x, to.y);
  await wait(300);
}

describe('touch on the comparison', () => {
  let el;
  let handle;
  const value = () => Number(handle.getAttribute('aria-valuenow'));
  before(async () => {
    await setViewport({ width: 390, height: 844 });
    await executeServerCommand('a11y-touch-emulation', { enabled: true });
  });
  after(() => executeServerCommand('a11y-touch-emulation', { enabled: false }));
  beforeEach(async () => {
    jumpTo(0);
    el = await renderStory();
    handle = $(el, '[role="slider"]');
    const track = $(el, '.compare__track');
    jumpTo(window.scrollY + track.getBoundingClientRect().top - 200);
    await nextFrame();
  });

  for (const [where, pointOf] of [
    [
      'on the After text',
      (el) => {
        const r = $(el, '.compare__pane--after li').getBoundingClientRect();
        return { x: r.right - 20, y: r.top + r.height / 2 };
      },
    ],
    [
      'on the handle',
      (el) => {
        const r = $(el, '.compare__grip').getBoundingClientRect();
        return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
      },
    ],
  ]) {
    it(`a vertical swipe starting ${where} scrolls the page and leaves the slider alone`, async () => {
      const start = pointOf(el);
      const scrolledFrom = window.scrollY;
      await swipe(start, { x: start.x + 6, y: start.y - 240 });
      const scrolled = window.scrollY - scrolledFrom;
      console.log(`[measure] vertical swipe ${where}: page scrolled ${Math.round(scrolled)} px, slider ${value()}`);
      expect(scrolled, 'the page scrolled').to.be.above(100);
      expect(value(), 'the slider did not move').to.equal(50);
    });
  }

  it('a horizontal drag from the handle moves the slider and does not scroll the page', async () => {
    const r = $(el, '.compare__grip').getBoundingClientRect();
    const track = $(el, '.compare__track').getBoundingClientRect();
    const start = { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    const scrolledFrom = window.scrollY;
    await swipe(start, { x: track.left + track.width * 0.8, y: start.y + 4 });
    await waitUntil(() => Math.abs(value() - 80) <= 2, `slider at ${value()}, not 80`);
    console.log(`[measure] horizontal drag: slider ${value()}, page scrolled ${Math.round(window.scrollY - scrolledFrom)} px`);
    expect(Math.abs(window.scrollY - scrolledFrom)).to.be.below(2);
  });

  it('a tap moves the slider to the tapped point', async () => {
    const track = $(el, '.compare__track').getBoundingClientRect();
    const at = { x: track.left + track.width * 0.25, y: track.top + track.height / 2 };
    await touch('touchStart', at.x, at.y);
    await touch('touchEnd', at.x, at.y);
    await waitUntil(() => Math.abs(value() - 25) <= 2, `slider at ${value()}, not 25`);
  });
});
