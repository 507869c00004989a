/**
 * The illustrations drawn in code: each one renders, is decorative, and takes
 * its colours from the theme's custom properties; the "Improved" impact card shows an icon where the
 * others show a number; the JumpNav labels are the titles of the sections they scroll to; and the
 * lazy sections leave no empty band under them at any of the widths the page is checked at.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import { $, $$, STORY_PATH, goTo, html, jumpTo, renderStory, text } from '../element/helpers.js';

const DEFAULT_BRAND = 'rgb(37, 211, 102)'; // #25d366
const DEFAULT_DEEP = 'rgb(7, 94, 84)'; // #075e54
const HOST_BRAND = 'rgb(10, 124, 255)';
const HOST_DEEP = 'rgb(90, 30, 140)';

/** The illustrations drawn once on the story (the point icons are checked per point). */
const ILLUSTRATIONS = {
  // The call to action's drawing of a one-pager stands in for a story without a cover (cover.test.js).
  'in-chat call card (hero, After side)': '.hero .call-card',
  'testimonial quote mark': '.testimonial .quote-mark',
  'impact card icon': '.card .icon-badge svg',
};

/** The story with its drawings, which arrive in their own chunk right after the first render. */
async function renderWithDrawings(template) {
  const el = await renderStory(template);
  await waitUntil(() => $(el, '.hero .call-card') && $(el, '.quote-mark') && $$(el, '.icon-badge svg').length === 5, 'the drawings did not arrive', {
    timeout: 5000,
  });
  return el;
}

function expectDecorativeAndShown(svg, what) {
  expect(svg, what).to.exist;
  expect(svg.getAttribute('aria-hidden'), `${what}: aria-hidden`).to.equal('true');
  expect(svg.getAttribute('focusable'), `${what}: focusable`).to.equal('false');
  expect(svg.hasAttribute('style'), `${what}: no style attribute (strict CSP)`).to.be.false;
  const box = svg.getBoundingClientRect();
  expect(box.width, `${what}: width`).to.be.greaterThan(10);
  expect(box.height, `${what}: height`).to.be.greaterThan(10);
  expect(getComputedStyle(svg).visibility, `${what}: visibility`).to.equal('visible');
  expect(getComputedStyle(svg).display, `${what}: display`).to.not.equal('none');
}

describe('illustrations', () => {
  before(() => setViewport({ width: 1280, height: 800 }));
  afterEach(async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
    goTo(STORY_PATH);
    jumpTo(0);
  });

  it('each renders, visible and decorative (aria-hidden, not focusable, no style attribute)', async () => {
    const el = await renderWithDrawings();
    for (const [what, selector] of Object.entries(ILLUSTRATIONS)) {
      expectDecorativeAndShown($(el, selector), what);
    }
    // One icon per Challenges point and per The Solution point, each a different drawing.
    const lists = $$(el, '.points');
    expect(lists, 'Challenges and The Solution lists').to.have.length(2);
    const drawings = [];
    for (const list of lists) {
      const points = [...list.children];
      expect(points.length).to.be.greaterThan(0);
      for (const point of points) {
        const svg = point.querySelector('svg');
        expectDecorativeAndShown(svg, `icon of "${text(point.querySelector('strong'))}"`);
        drawings.push(svg.innerHTML);
      }
    }
    expect(drawings).to.have.length(4);
    expect(new Set(drawings).size, 'a different icon for each point').to.equal(4);

    // The call card sits over the After side of the comparison (its right half) and takes no drags.
    const card = $(el, '.hero .call-card').getBoundingClientRect();
    const track = $(el, '.compare__track').getBoundingClientRect();
    expect(card.left + card.width / 2, 'card centred over the After (right) half').to.be.greaterThan(track.left + track.width / 2);
    expect(card.bottom, 'card overlaps the comparison top').to.be.greaterThan(track.top);
    expect(card.bottom - track.top, 'but does not cover its content').to.be.lessThan(24);
    expect(getComputedStyle($(el, '.hero .call-card')).pointerEvents).to.equal('none');

    // Nothing in the shadow root carries a style attribute, and no illustration is a tab stop.
    expect($$(el, '[style]')).to.deep.equal([]);
    expect($$(el, 'svg').every((svg) => svg.getAttribute('aria-hidden') === 'true')).to.be.true;
  });

  it('take their colours from --rcs-brand and --rcs-brand-deep, also when the host sets them', async () => {
    const paint = (el) => ({
      wave: getComputedStyle($(el, '.call-card__wave')).stroke,
      dot: getComputedStyle($(el, '.call-card__dot')).fill,
      quote: getComputedStyle($(el, '.quote-mark')).fill,
      ring: getComputedStyle($(el, '.testimonial__avatar'))
        .boxShadow.match(/rgb\([^)]*\)/g)
        .at(-1),
      icon: getComputedStyle($(el, '.points svg')).stroke,
      impact: getComputedStyle($(el, '.card .icon-badge')).backgroundColor,
    });
    const themed = await renderWithDrawings();
    expect(paint(themed)).to.deep.equal({
      wave: DEFAULT_BRAND,
      dot: DEFAULT_DEEP,
      quote: DEFAULT_BRAND,
      ring: DEFAULT_BRAND,
      icon: DEFAULT_DEEP,
      impact: DEFAULT_DEEP,
    });

    themed.style.setProperty('--rcs-brand', HOST_BRAND);
    themed.style.setProperty('--rcs-brand-deep', HOST_DEEP);
    expect(paint(themed)).to.deep.equal({
      wave: HOST_BRAND,
      dot: HOST_DEEP,
      quote: HOST_BRAND,
      ring: HOST_BRAND,
      icon: HOST_DEEP,
      impact: HOST_DEEP,
    });
  });

  it("the impact card without a figure shows an icon in the number's place and reads as one statement", async () => {
    const el = await renderWithDrawings();
    const cards = $$(el, '.card');
    expect(cards).to.have.length(3);
    // The figures stay figures; no word is set in the big figure type.
    expect($$(el, '.card__value').map(text)).to.deep.equal(['22%', '25%']);
    const [csat, , improved] = cards;
    expect(improved.querySelector('.card__value')).to.equal(null);
    expect(text(improved.querySelector('.card__label'))).to.equal('Improved customer connectivity and patient experience');
    const icon = improved.querySelector('.icon-badge').getBoundingClientRect();
    const figure = csat.querySelector('.card__value').getBoundingClientRect();
    expect(icon.top, 'icon on the line where the figures are').to.be.closeTo(figure.top, 8);
    expect(icon.height, 'icon about as tall as a figure').to.be.closeTo(figure.height, 12);
    const label = improved.querySelector('.card__label').getBoundingClientRect();
    expect(label.top, 'statement below the icon').to.be.at.least(icon.bottom);
  });

  it('JumpNav labels are the visible titles of the sections they scroll to', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const el = await renderStory();
    const buttons = $$(el, 'nav button').filter((button) => text(button) !== 'Back to top');
    expect(buttons).to.have.length(6);
    const pairs = [];
    for (const button of buttons) {
      button.click();
      await waitUntil(() => el.shadowRoot.activeElement?.id, `"${text(button)}" moved focus to no section`);
      const target = el.shadowRoot.activeElement;
      const labelledBy = target.getAttribute('aria-labelledby');
      const heading = labelledBy ? el.shadowRoot.getElementById(labelledBy) : target.querySelector('h2, h3, h4');
      expect(heading, `#${target.id} has a title`).to.exist;
      const box = heading.getBoundingClientRect();
      expect(box.width > 1 && box.height > 1, `#${target.id}'s title is visible`).to.be.true;
      pairs.push([text(button), text(heading), target.id]);
    }
    for (const [label, title, id] of pairs) expect(label, `#${id}`).to.equal(title);
    expect(pairs.map(([, , id]) => id)).to.deep.equal(['leadership-perspective', 'challenge-solution', 'what-stood-out', 'business-impact', 'results', 'cta']);
  });

  for (const width of [1440, 1280, 768, 390, 320]) {
    it(`leaves no empty band under the call to action or the JumpNav at ${width} px`, async () => {
      await setViewport({ width, height: 900 });
      const el = await renderStory(html`<redcliffe-case-study></redcliffe-case-study>`);
      for (const section of [el.shadowRoot.getElementById('cta'), $(el, 'nav').closest('section')]) {
        const box = section.getBoundingClientRect();
        const style = getComputedStyle(section);
        const contentBottom = Math.max(...[...section.querySelectorAll('*')].map((node) => node.getBoundingClientRect().bottom));
        const dead = box.bottom - parseFloat(style.borderBottomWidth) - parseFloat(style.paddingBottom) - contentBottom;
        expect(Math.abs(dead), `${section.className}: space below its content (px)`).to.be.below(2);
      }
      expect(document.documentElement.scrollWidth, 'nothing wider than the viewport').to.be.at.most(width);
    });
  }
});
