import { expect, fixture, html, nextFrame, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { $, jumpTo, renderStory } from './helpers.js';

/**
 * The offer shown (issue 43, point 2): the one-pager's cover, page 1 of the packaged PDF made at
 * build time (scripts/build-cover.mjs), beside the call to action at 1280 and 390 px: with its
 * text alternative, its box reserved by its width and height before it loads (no layout shift),
 * then loaded. A story without a cover of its own shows the drawing instead, never an empty box.
 */
describe('the one-pager cover beside the call to action', () => {
  afterEach(() => setViewport({ width: 1280, height: 800 }));

  for (const width of [1280, 390]) {
    it(`at ${width} px: shown, described, its box kept while it loads, loaded`, async () => {
      await setViewport({ width, height: 900 });
      jumpTo(0);
      const el = await renderStory();
      await waitUntil(() => $(el, '.cta img.cta__cover'), 'no cover image');
      const cover = $(el, '.cta img.cta__cover');
      expect(cover, 'the cover').to.exist;
      expect(cover.getAttribute('alt')).to.equal('Page 1 of the one-page case study (PDF)');
      expect(new URL(cover.src).pathname).to.equal('/dist/Leaflet_Case_Study_One_Pager.jpg');
      const before = cover.getBoundingClientRect();
      const shifts = [];
      new PerformanceObserver((list) => shifts.push(...list.getEntries())).observe({ type: 'layout-shift' });
      cover.scrollIntoView({ block: 'center', behavior: 'instant' });
      await waitUntil(() => cover.complete && cover.naturalWidth > 0, 'the cover never loaded', { timeout: 5000 });
      await nextFrame();
      const after = cover.getBoundingClientRect();
      console.log(
        `[measure] cover at ${width} px: ${Math.round(after.width)}×${Math.round(after.height)} px shown, ${cover.naturalWidth}×${cover.naturalHeight} px file, box before loading ${Math.round(before.width)}×${Math.round(before.height)}; layout shifts ${shifts.reduce((sum, entry) => sum + entry.value, 0)}`,
      );
      expect([before.width, before.height]).to.deep.equal([after.width, after.height]);
      expect(after.height / after.width).to.be.closeTo(509 / 360, 0.01);
      expect([cover.naturalWidth, cover.naturalHeight]).to.deep.equal([360, 509]);
      expect(
        shifts.reduce((sum, entry) => sum + entry.value, 0),
        'no layout shift',
      ).to.equal(0);
      expect(cover.getBoundingClientRect().right, 'beside the call to action, inside it').to.be.at.most($(el, '#cta').getBoundingClientRect().right);
    });
  }

  it('a story without a cover of its own shows the drawing, no image', async () => {
    await setViewport({ width: 1280, height: 900 });
    const el = await fixture(html`<redcliffe-case-study src="/__stories/northwind-clinics.json"></redcliffe-case-study>`);
    await waitUntil(() => el.shadowRoot?.getElementById('cta'), 'no call to action', { timeout: 8000 });
    expect($(el, '.cta__cover')).to.equal(null);
    expect($(el, '.cta .one-pager')).to.exist;
  });
});
