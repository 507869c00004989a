import { expect, nextFrame, waitUntil } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { $, $$, jumpTo, renderStory, text } from './helpers.js';

/**
 * Whole points (issue 43, point 6): at 30, 50 and 70 % at 1280 and 390 px each point of the
 * comparison is drawn whole or not at all ("Poor customer loyalty" never reads "Poor loyalty"); a
 * drawn point lies wholly on its own side of the handle; the After list reads from the left; the
 * call chip stays inside its column. Points are measured on their text (Range.getClientRects()),
 * whether drawn on the opacity of the point and its ancestors.
 */

const drawn = (node, pane) => {
  for (let at = node; at && at !== pane.parentElement; at = at.parentElement) {
    const style = getComputedStyle(at);
    if (Number(style.opacity) === 0 || style.visibility !== 'visible' || style.display === 'none') return false;
  }
  return true;
};

function wordRects(item) {
  const range = document.createRange();
  range.selectNodeContents(item);
  return [...range.getClientRects()].filter((r) => r.width > 0);
}

/** Each point of both sides: its text, whether drawn, and any problem with it where it is drawn. */
function points(el) {
  const track = $(el, '.compare__track').getBoundingClientRect();
  const handle = $(el, '.compare__handle').getBoundingClientRect();
  const divider = handle.left + handle.width / 2;
  const rows = [];
  for (const side of ['before', 'after']) {
    const pane = $(el, `.compare__pane--${side}`);
    for (const item of pane.querySelectorAll('li')) {
      const rects = wordRects(item);
      const shown = drawn(item, pane);
      let problem = null;
      if (shown) {
        const [left, right] = side === 'before' ? [track.left, handle.left] : [handle.right, track.right];
        if (!rects.every((r) => r.left >= left - 0.5 && r.right <= right + 0.5))
          problem = `${side} "${text(item)}" drawn in part or under the handle (divider ${Math.round(divider)})`;
      }
      rows.push({ side, text: text(item), shown, problem, left: Math.min(...rects.map((r) => r.left)) });
    }
  }
  return rows;
}

async function settle(el) {
  await nextFrame();
  await Promise.all(el.shadowRoot.getAnimations().map((a) => a.finished.catch(() => {})));
  await nextFrame();
}

describe('comparison slider: whole points', () => {
  afterEach(() => setViewport({ width: 1280, height: 800 }));

  for (const width of [1280, 390]) {
    it(`at ${width} px, at 30, 50 and 70 %, each point is drawn whole or not at all`, async () => {
      await setViewport({ width, height: 800 });
      jumpTo(0);
      const el = await renderStory();
      const handle = $(el, '[role="slider"]');
      handle.scrollIntoView({ block: 'center', behavior: 'instant' });
      handle.focus();
      expect($$(el, '.compare li'), 'eight points').to.have.length(8);
      const report = {};
      for (const [target, key, presses] of [
        [30, 'ArrowLeft', 4],
        [50, 'ArrowRight', 4],
        [70, 'ArrowRight', 4],
      ]) {
        for (let i = 0; i < presses; i++) await sendKeys({ press: key });
        await waitUntil(() => Number(handle.getAttribute('aria-valuenow')) === target, `not at ${target}`);
        // The point rule's chunk loads on the first move: wait until it has had its say.
        await waitUntil(() => points(el).every((p) => !p.problem), `at ${target} %: ${JSON.stringify(points(el).filter((p) => p.problem))}`, { timeout: 3000 });
        await settle(el);
        const rows = points(el);
        expect(
          rows.filter((p) => p.problem).map((p) => p.problem),
          `${width} px, ${target} %`,
        ).to.deep.equal([]);
        report[target] = rows.filter((p) => p.shown).map((p) => p.text);
        if (target === 50) {
          expect(
            rows.every((p) => p.shown),
            'every point shows at the start position',
          ).to.equal(true);
          const afterLefts = rows.filter((p) => p.side === 'after').map((p) => Math.round(p.left));
          expect(Math.max(...afterLefts) - Math.min(...afterLefts), `After points start at one left edge: ${afterLefts}`).to.be.at.most(1);
        }
      }
      console.log(
        `[measure] whole points at ${width} px: ${Object.entries(report)
          .map(([at, shown]) => `${at} %: ${shown.length}/8 shown`)
          .join(', ')}`,
      );
      console.log(`[measure] shown at ${width} px: ${JSON.stringify(report)}`);
    });
  }

  for (const width of [1440, 1280, 390]) {
    it(`at ${width} px the call chip stays inside its column`, async () => {
      await setViewport({ width, height: 900 });
      const el = await renderStory();
      const column = $(el, '.hero__visual').getBoundingClientRect();
      const chip = $(el, '.hero__visual .call-card').getBoundingClientRect();
      console.log(`[measure] call chip at ${width} px: overhang ${Math.max(0, chip.right - column.right, column.left - chip.left).toFixed(1)} px`);
      expect(chip.right).to.be.at.most(column.right + 0.5);
      expect(chip.left).to.be.at.least(column.left - 0.5);
    });
  }
});
