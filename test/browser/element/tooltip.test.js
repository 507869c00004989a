import { expect, waitUntil } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { $, centre, jumpTo, renderStory } from './helpers.js';

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

describe('profile link tooltip', () => {
  let el;
  let link;
  let bubble;
  before(() => setViewport({ width: 1280, height: 800 }));
  beforeEach(async () => {
    jumpTo(0);
    el = await renderStory();
    link = $(el, '#leadership-perspective a[href^="https:"]');
    link.scrollIntoView({ block: 'center', behavior: 'instant' });
    bubble = $(el, '[role="tooltip"]');
    await resetMouse();
  });
  afterEach(async () => {
    await resetMouse();
    el.remove();
  });

  it('describes the link and opens on hover only after 700 ms', async () => {
    // The link itself is described; the wrapper around it is the hover area.
    const wrapper = link.parentElement;
    expect(link.getAttribute('aria-describedby')).to.equal(bubble.id);
    expect(bubble.hidden).to.equal(true);
    const point = centre(link);
    // Measured from the pointer entering, not from sendMouse resolving (which comes some ms later on a busy machine).
    const entered = new Promise((resolve) => wrapper.addEventListener('pointerenter', () => resolve(performance.now()), { once: true }));
    await sendMouse({ type: 'move', position: [point.x, point.y] });
    const hoveredAt = await entered;
    await wait(450 - (performance.now() - hoveredAt));
    expect(bubble.hidden, 'still closed at ~450 ms').to.equal(true);
    await waitUntil(() => !bubble.hidden, 'tooltip never opened', { timeout: 2000 });
    expect(performance.now() - hoveredAt).to.be.at.least(690);
    expect(bubble.checkVisibility()).to.equal(true);
    expect(bubble.textContent).to.match(/new tab/i);
  });

  it('closes on leave and reopens at once within the 300 ms skip delay, after 700 ms again later', async () => {
    const point = centre(link);
    await sendMouse({ type: 'move', position: [point.x, point.y] });
    await waitUntil(() => !bubble.hidden, 'tooltip never opened', { timeout: 2000 });
    await sendMouse({ type: 'move', position: [5, 5] });
    await waitUntil(() => bubble.hidden, 'tooltip did not close on leave');
    await sendMouse({ type: 'move', position: [point.x, point.y] });
    await wait(50);
    expect(bubble.hidden, 'reopened without the delay').to.equal(false);

    await sendMouse({ type: 'move', position: [5, 5] });
    await waitUntil(() => bubble.hidden);
    await wait(400); // past the skip delay
    await sendMouse({ type: 'move', position: [point.x, point.y] });
    await wait(300);
    expect(bubble.hidden, 'the full delay applies again').to.equal(true);
    await waitUntil(() => !bubble.hidden, 'tooltip never reopened', { timeout: 2000 });
  });

  it('opens on keyboard focus and closes on Escape', async () => {
    link.focus();
    await waitUntil(() => !bubble.hidden, 'tooltip did not open on focus', { timeout: 2000 });
    await sendKeys({ press: 'Escape' });
    expect(bubble.hidden).to.equal(true);
    expect(el.shadowRoot.activeElement, 'focus stays on the link').to.equal(link);
  });
});
