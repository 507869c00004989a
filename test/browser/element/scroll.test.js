import { expect, nextFrame, waitUntil } from '@open-wc/testing';
import { emulateMedia, resetMouse, sendMouse, setViewport } from '@web/test-runner-commands';
import { $, $$, STORY_PATH, byText, centre, goTo, jumpTo, render, renderStory, settled, spyConsole, viewportTop } from './helpers.js';

const HEADER_OFFSET = 80;

/** Wait until the element's top has come to rest 80 px (±2) below the viewport top. */
async function expectLandsAtOffset(target, { from } = {}) {
  const top = await settled(() => viewportTop(target), { initial: from, timeout: 6000 });
  expect(top, `#${target.id} top after scrolling`).to.be.closeTo(HEADER_OFFSET, 2);
}

/** Click like a visitor: move the real mouse to the control's centre once it stopped moving. */
async function click(control) {
  await settled(() => viewportTop(control));
  const { x, y } = centre(control);
  await sendMouse({ type: 'click', position: [x, y] });
}

describe('scrolling', () => {
  /** Host-page room below the element, so every section can reach the 80 px line. */
  const roomBelow = new CSSStyleSheet();
  roomBelow.replaceSync('.room-below { height: 1500px; }');
  const addRoomBelow = (el) => el.after(Object.assign(document.createElement('div'), { className: 'room-below' }));

  before(async () => {
    await setViewport({ width: 1280, height: 800 });
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, roomBelow];
  });
  beforeEach(() => jumpTo(0));
  afterEach(async () => {
    document.querySelectorAll('.room-below').forEach((node) => node.remove());
    await emulateMedia({ reducedMotion: 'no-preference' });
    await resetMouse();
    goTo(STORY_PATH);
    jumpTo(0);
  });

  it('"Read Full Customer Story" smooth-scrolls the testimonial to 80 px from the top and focuses it', async () => {
    const el = await renderStory();
    addRoomBelow(el);
    const target = el.shadowRoot.getElementById('leadership-perspective');
    const start = viewportTop(target);
    expect(start, 'testimonial starts further down').to.be.greaterThan(HEADER_OFFSET + 100);

    const positions = [];
    const record = () => positions.push(window.scrollY);
    window.addEventListener('scroll', record);
    try {
      await click(byText(el, 'button', 'Read Full Customer Story'));
      await expectLandsAtOffset(target, { from: start });
    } finally {
      window.removeEventListener('scroll', record);
    }
    const final = window.scrollY;
    expect(
      positions.filter((y) => y > 2 && y < final - 2),
      'passes through intermediate positions (smooth)',
    ).to.not.be.empty;
    expect(el.shadowRoot.activeElement, 'focus moves to the section').to.equal(target);
  });

  it('with reduced motion, jumps at once and shows every section without fading', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const el = await renderStory();
    addRoomBelow(el);
    for (const section of $$(el, '.fade')) {
      expect(getComputedStyle(section).opacity, `${section.id || section.className} visible`).to.equal('1');
    }
    const target = el.shadowRoot.getElementById('leadership-perspective');
    byText(el, 'button', 'Read Full Customer Story').click();
    await nextFrame();
    expect(viewportTop(target)).to.be.closeTo(HEADER_OFFSET, 2);
    expect(el.shadowRoot.activeElement).to.equal(target);
  });

  it('scrollToSection("results") brings the impact cards to 80 px from the top', async () => {
    const el = await renderStory();
    addRoomBelow(el);
    const warn = spyConsole('warn');
    try {
      const target = el.shadowRoot.getElementById('results');
      const start = viewportTop(target);
      el.scrollToSection('results');
      await expectLandsAtOffset(target, { from: start });
      expect(el.shadowRoot.activeElement).to.equal(target);
      expect(warn.calls, 'a known id does not warn').to.have.length(0);
    } finally {
      warn.restore();
    }
  });

  it('scrollToSection with an unknown id warns, retries 5 × 200 ms, then goes to the top', async () => {
    const el = await renderStory();
    addRoomBelow(el);
    jumpTo(600);
    await waitUntil(() => window.scrollY === 600, 'could not scroll down first');
    const warn = spyConsole('warn');
    try {
      const started = performance.now();
      el.scrollToSection('no-such-section');
      // Said once its words arrive (they are a chunk of their own), while the scroll retries.
      await waitUntil(() => warn.messages().join('\n').includes('no-such-section'), 'no warning naming the id');
      await waitUntil(() => window.scrollY === 0, 'did not end at the top', { timeout: 4000, interval: 20 });
      const elapsed = performance.now() - started;
      expect(elapsed, 'only after the retries').to.be.at.least(950);
    } finally {
      warn.restore();
    }
  });

  it('the JumpNav buttons of the lazy navigation scroll to a section and back to the top', async () => {
    const el = await renderStory();
    addRoomBelow(el);
    const nav = $(el, 'nav');
    jumpTo(window.scrollY + nav.getBoundingClientRect().top - 200);
    await waitUntil(() => nav.closest('.fade--in'), 'navigation did not fade in');

    const target = el.shadowRoot.getElementById('challenge-solution');
    const from = viewportTop(target);
    await click(byText(el, 'button', 'Challenge, solution and impact'));
    await expectLandsAtOffset(target, { from });
    expect(el.shadowRoot.activeElement).to.equal(target);

    jumpTo(window.scrollY + nav.getBoundingClientRect().top - 200);
    await click(byText(el, 'button', 'Back to top'));
    await waitUntil(() => window.scrollY === 0, 'Back to top did not reach the top', { timeout: 4000 });
  });

  it('follows a known #anchor of the host URL once the page renders', async () => {
    const el = await render(`${STORY_PATH}#challenge-solution`);
    addRoomBelow(el);
    // The sections below the hero arrive in a transition, a little after the first render.
    await waitUntil(() => el.shadowRoot.getElementById('challenge-solution'), 'no #challenge-solution');
    const target = el.shadowRoot.getElementById('challenge-solution');
    await waitUntil(() => Math.abs(viewportTop(target) - HEADER_OFFSET) < 3, 'did not scroll to #challenge-solution', {
      timeout: 4000,
    });
    await expectLandsAtOffset(target);
  });

  it('fades a section in when it scrolls into view', async () => {
    const el = await renderStory();
    addRoomBelow(el);
    const section = el.shadowRoot.getElementById('challenge-solution');
    expect(viewportTop(section), 'section starts below the fold').to.be.greaterThan(window.innerHeight);
    await nextFrame();
    await nextFrame();
    expect(section.classList.contains('fade')).to.be.true;
    expect(section.classList.contains('fade--in'), 'not faded in before it is seen').to.be.false;
    expect(getComputedStyle(section).opacity).to.equal('0');

    jumpTo(window.scrollY + viewportTop(section) - 200);
    await waitUntil(() => section.classList.contains('fade--in'), 'did not fade in once in view');
    await waitUntil(() => getComputedStyle(section).opacity === '1', 'did not become fully opaque', { timeout: 3000 });

    jumpTo(0);
    await nextFrame();
    await nextFrame();
    expect(section.classList.contains('fade--in'), 'fades in once: stays visible').to.be.true;
  });
});
