import { expect, nextFrame, waitUntil } from '@open-wc/testing';
import { resetMouse, sendMouse, setViewport } from '@web/test-runner-commands';
import { $, $$, jumpTo, renderStory } from './helpers.js';

/**
 * No word cut (issue 27, item 3): at every slider position each word of the comparison is wholly
 * shown or wholly hidden, and no shown word lies under the divider or its handle.
 *
 * Words are found from the text itself (every run of non-space characters in each pane's text
 * nodes, measured with Range.getClientRects()), not from the component's markup. What a visitor
 * sees of a pane: the After pane from the divider rightwards (its clip), the Before pane up to the
 * divider (the After pane covers the rest). A word is hidden when it, or an ancestor below the pane,
 * is transparent or invisible.
 */

/** Every word of a pane: its text, its boxes, and whether it is drawn at all. */
function wordsOf(pane) {
  const words = [];
  const walker = document.createTreeWalker(pane, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    let drawn = true;
    for (let at = node.parentElement; at && at !== pane.parentElement; at = at.parentElement) {
      const style = getComputedStyle(at);
      if (Number(style.opacity) === 0 || style.visibility !== 'visible' || style.display === 'none') drawn = false;
    }
    for (const match of node.data.matchAll(/\S+/g)) {
      const range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      words.push({ text: match[0], rects: [...range.getClientRects()].filter((r) => r.width > 0), drawn });
    }
  }
  return words;
}

const overlaps = (a, b) => a.left < b.right - 0.5 && a.right > b.left + 0.5 && a.top < b.bottom - 0.5 && a.bottom > b.top + 0.5;

/** The problems at the slider's current position: words partly shown, or shown under the handle. */
function problemsNow(el) {
  const track = $(el, '.compare__track').getBoundingClientRect();
  const handle = $(el, '.compare__handle').getBoundingClientRect();
  const divider = handle.left + handle.width / 2;
  const visible = {
    before: { left: track.left, right: divider, top: track.top, bottom: track.bottom },
    after: { left: divider, right: track.right, top: track.top, bottom: track.bottom },
  };
  const problems = [];
  for (const side of ['before', 'after']) {
    for (const word of wordsOf($(el, `.compare__pane--${side}`))) {
      if (!word.drawn) continue;
      const area = visible[side];
      const inside = word.rects.filter((r) => overlaps(r, area));
      if (inside.length === 0) continue; // wholly out of its pane's visible side: wholly hidden
      const whole = word.rects.every((r) => r.left >= area.left - 0.5 && r.right <= area.right + 0.5);
      if (!whole) problems.push(`${side} "${word.text}" cut`);
      else if (word.rects.some((r) => overlaps(r, handle))) problems.push(`${side} "${word.text}" under the handle`);
    }
  }
  return problems;
}

/** Let running transitions (a word fading out or in) finish, so the test sees what stays on screen. */
async function transitionsDone(el) {
  await nextFrame();
  await Promise.all(el.shadowRoot.getAnimations().map((a) => a.finished.catch(() => {})));
  await nextFrame();
}

describe('comparison slider: no word cut', () => {
  afterEach(async () => {
    await resetMouse();
    await setViewport({ width: 1280, height: 800 });
  });

  for (const width of [1280, 390]) {
    it(`at ${width} px, at every position from 1 to 99, no word is cut or under the handle`, async () => {
      await setViewport({ width, height: 800 });
      jumpTo(0);
      const el = await renderStory();
      const trackNode = $(el, '.compare__track');
      trackNode.scrollIntoView({ block: 'center', behavior: 'instant' });
      await nextFrame();
      const handle = $(el, '[role="slider"]');
      const value = () => Number(handle.getAttribute('aria-valuenow'));
      expect($$(el, '.compare li'), 'eight points').to.have.length(8);

      const byPosition = {};
      const grip = handle.getBoundingClientRect();
      await sendMouse({ type: 'move', position: [Math.round(grip.left + grip.width / 2), Math.round(grip.top + grip.height / 2)] });
      await sendMouse({ type: 'down' });
      const track = trackNode.getBoundingClientRect();
      const y = Math.round(track.top + track.height / 2);
      for (let target = 1; target <= 99; target++) {
        // Aim at the middle of the pixels that round to `target` (rounding in positionFromPointer).
        let x = track.left + (track.width * target) / 100;
        if (target === 1) x = track.left - 5;
        if (target === 99) x = track.right + 5;
        await sendMouse({ type: 'move', position: [Math.round(x), y] });
        await waitUntil(() => Math.abs(value() - target) <= 1, `drag to ${target}, got ${value()}`);
        await transitionsDone(el);
        const problems = problemsNow(el);
        if (problems.length) byPosition[value()] = problems;
      }
      await sendMouse({ type: 'up' });

      const cut = Object.values(byPosition).flat();
      console.log(
        `[measure] slider sweep at ${width} px: ${cut.length} word problems at ${Object.keys(byPosition).length} positions; ` +
          `cut ${cut.filter((p) => p.endsWith('cut')).length}, under the handle ${cut.filter((p) => p.endsWith('handle')).length}`,
      );
      expect(byPosition, `words cut or under the handle at ${width} px`).to.deep.equal({});
    });
  }
});
