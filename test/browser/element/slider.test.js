import { expect, nextFrame, waitUntil } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { $, byText, centre, collectPageErrors, jumpTo, renderStory } from './helpers.js';

const value = (handle) => Number(handle.getAttribute('aria-valuenow'));

/** The slider as the visitor sees it: where the divider is, as a percentage of the comparison. */
function shownPosition(el) {
  const track = $(el, '.compare__track').getBoundingClientRect();
  const handle = $(el, '[role="slider"]').getBoundingClientRect();
  return ((handle.left + handle.width / 2 - track.left) / track.width) * 100;
}

/** Where the "after" pane starts being visible (its clip-path inset), as a percentage. */
function afterPaneStart(el) {
  const pane = $(el, '.compare__pane--after');
  const clip = getComputedStyle(pane).clipPath;
  const match = /^inset\(0px 0px 0px ([\d.]+)(px|%)(?: round [^)]*)?\)$/.exec(clip); // rounded outer corners
  if (!match) throw new Error(`unexpected clip-path ${clip}`);
  return match[2] === '%' ? Number(match[1]) : (Number(match[1]) / pane.getBoundingClientRect().width) * 100;
}

function expectShownAt(el, percent) {
  expect(shownPosition(el), 'divider position').to.be.closeTo(percent, 0.6);
  expect(afterPaneStart(el), 'after pane reveal').to.be.closeTo(percent, 0.6);
}

/** A point at `percent` across the comparison, in viewport coordinates. */
function pointAt(el, percent) {
  const r = $(el, '.compare__track').getBoundingClientRect();
  return [Math.round(r.left + (r.width * percent) / 100), Math.round(r.top + r.height / 2)];
}

/** Pixel-rounded pointer positions land within one percent of the aim. */
const near = (actual, percent) => expect(actual).to.be.within(percent - 1, percent + 1);

describe('comparison slider', () => {
  let el;
  let handle;
  before(() => setViewport({ width: 1280, height: 800 }));
  beforeEach(async () => {
    jumpTo(0);
    el = await renderStory();
    handle = $(el, '[role="slider"]');
  });
  afterEach(() => resetMouse());

  it('is an APG slider: focusable, named, 1..99, starting at 50 with a readable value text', async () => {
    expect(handle.tabIndex).to.equal(0);
    expect(handle.getAttribute('aria-valuemin')).to.equal('1');
    expect(handle.getAttribute('aria-valuemax')).to.equal('99');
    expect(handle.getAttribute('aria-valuenow')).to.equal('50');
    expect(handle.getAttribute('aria-valuetext')).to.equal('50% before, 50% after');
    expectShownAt(el, 50);

    // Accessible name from aria-label (the axe run in a11y.test.js checks the computed name too).
    expect(handle.getAttribute('aria-label'), 'accessible name').to.match(/before and after/i);
  });

  it('moves by keyboard: arrows by 5, Home/End to 1/99, clamped at the edges', async () => {
    // The hero's last action (the read-more button, after the offer since issue 43) comes just before the comparison in the tab order.
    byText(el, 'button', 'Read Full Customer Story').focus();
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot.activeElement === handle, 'Tab reaches the handle').to.equal(true);

    const press = async (key, expected) => {
      await sendKeys({ press: key });
      await waitUntil(() => value(handle) === expected, `${key} should give ${expected}, got ${value(handle)}`);
    };
    await press('ArrowRight', 55);
    expectShownAt(el, 55);
    expect(handle.getAttribute('aria-valuetext')).to.equal('55% before, 45% after');
    await press('ArrowLeft', 50);
    await press('ArrowUp', 55);
    await press('ArrowDown', 50);
    await press('Home', 1);
    expectShownAt(el, 1);
    await press('ArrowLeft', 1);
    await press('ArrowDown', 1);
    await press('ArrowRight', 6);
    await press('End', 99);
    expectShownAt(el, 99);
    await press('ArrowRight', 99);
    await press('ArrowUp', 99);
    await press('ArrowLeft', 94);
    expect(handle.getAttribute('aria-valuetext')).to.equal('94% before, 6% after');
  });

  it('follows a mouse drag of the handle, clamped to 1..99 past the edges', async () => {
    const start = centre(handle);
    await sendMouse({ type: 'move', position: [start.x, start.y] });
    await sendMouse({ type: 'down' });
    expect(el.shadowRoot.activeElement, 'pressing the handle focuses it').to.equal(handle);
    near(value(handle), 50);

    await sendMouse({ type: 'move', position: pointAt(el, 25) });
    await waitUntil(() => Math.abs(value(handle) - 25) <= 1, `drag to 25%, got ${value(handle)}`);
    expectShownAt(el, value(handle));

    await sendMouse({ type: 'move', position: pointAt(el, 80) });
    await waitUntil(() => Math.abs(value(handle) - 80) <= 1, `drag to 80%, got ${value(handle)}`);

    await sendMouse({ type: 'move', position: [2, start.y] }); // far left of the comparison
    await waitUntil(() => value(handle) === 1, `drag past the left edge, got ${value(handle)}`);
    expectShownAt(el, 1);

    await sendMouse({ type: 'move', position: [window.innerWidth - 2, start.y + 300] }); // past the right edge, below
    await waitUntil(() => value(handle) === 99, `drag past the right edge, got ${value(handle)}`);
    expectShownAt(el, 99);

    await sendMouse({ type: 'up' });
    await sendMouse({ type: 'move', position: pointAt(el, 40) });
    await nextFrame();
    expect(value(handle), 'moving without the button pressed does nothing').to.equal(99);
  });

  it('jumps to where the comparison is clicked', async () => {
    await sendMouse({ type: 'click', position: pointAt(el, 30) });
    await waitUntil(() => Math.abs(value(handle) - 30) <= 1, `click at 30%, got ${value(handle)}`);
    expectShownAt(el, value(handle));
    // On the text of the "after" pane too, not only on the handle.
    const afterPoint = $(el, '.compare__pane--after li');
    const { x, y } = centre(afterPoint);
    await sendMouse({ type: 'click', position: [x, y] });
    const [left, width] = [$(el, '.compare__track').getBoundingClientRect().left, $(el, '.compare__track').getBoundingClientRect().width];
    const expected = ((x - left) / width) * 100;
    await waitUntil(() => Math.abs(value(handle) - expected) <= 1, `click at ${expected}%, got ${value(handle)}`);
  });

  it('follows a horizontal touch drag; touch-action pan-y leaves vertical swipes to the page', async () => {
    // pan-y (was none): a vertical swipe on the handle scrolls the page.
    expect(getComputedStyle(handle).touchAction).to.equal('pan-y');
    const page = collectPageErrors();
    try {
      const pointer = (type, [clientX, clientY], target = handle) => {
        const event = new PointerEvent(type, {
          pointerType: 'touch',
          pointerId: 7,
          isPrimary: true,
          clientX,
          clientY,
          button: type === 'pointermove' ? -1 : 0,
          buttons: type === 'pointerup' ? 0 : 1,
          bubbles: true,
          cancelable: true,
          composed: true,
        });
        target.dispatchEvent(event);
        return event;
      };
      const { x, y } = centre(handle);
      const down = pointer('pointerdown', [x, y]);
      expect(down.defaultPrevented, 'pointerdown is handled').to.be.true;
      pointer('pointermove', pointAt(el, 70));
      await waitUntil(() => value(handle) === 70, `touch drag to 70%, got ${value(handle)}`);
      expectShownAt(el, 70);
      pointer('pointermove', pointAt(el, 120));
      await waitUntil(() => value(handle) === 99, `touch drag past the right edge, got ${value(handle)}`);
      pointer('pointermove', pointAt(el, -20));
      await waitUntil(() => value(handle) === 1, `touch drag past the left edge, got ${value(handle)}`);
      pointer('pointerup', pointAt(el, -20));
      pointer('pointermove', pointAt(el, 60));
      await nextFrame();
      expect(value(handle), 'the drag ends with the touch').to.equal(1);
      expect(page.errors, 'no uncaught errors').to.deep.equal([]);
    } finally {
      page.stop();
    }
  });
});
