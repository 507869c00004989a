import { expect, fixture, html, nextFrame, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { $, jumpTo, renderStory } from './helpers.js';

/**
 * The offer shown (issue 43, point 2): the one-pager's cover, page 1 of the packaged PDF made at
 * build time (scripts/build-cover.mjs), beside the call to action at 1280 and 390 px: with its
 * text alternative, its box reserved by its width and height before it loads (no layout shift),
 * then loaded. A story without a cover of its own shows the drawing instead, never an empty box.
 * The same cover shows in the offer that stays in reach (its rail on a wide container; the bar on a
 * phone has no room for it) and beside the download dialog's intro.
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

  it('in the offer’s rail at 1280 px, loaded inside its card; not shown in the bar at 390 px', async () => {
    for (const width of [1280, 390]) {
      await setViewport({ width, height: 900 });
      jumpTo(0);
      const el = await renderStory();
      await waitUntil(() => $(el, '.offer img.offer__cover'), `no cover in the offer at ${width} px`, { timeout: 8000 });
      const cover = $(el, '.offer img.offer__cover');
      expect(new URL(cover.src).pathname).to.equal('/dist/Leaflet_Case_Study_One_Pager.jpg');
      expect(cover.getAttribute('alt'), 'decorative: the offer’s title names it').to.equal('');
      $(el, '.offer').scrollIntoView({ block: 'center', behavior: 'instant' });
      await nextFrame();
      if (width === 1280) {
        await waitUntil(() => cover.complete && cover.naturalWidth > 0, 'the offer’s cover never loaded', { timeout: 5000 });
        const box = cover.getBoundingClientRect();
        const card = $(el, '.offer__card').getBoundingClientRect();
        console.log(`[measure] offer cover at 1280 px: ${Math.round(box.width)}×${Math.round(box.height)} px in a ${Math.round(card.width)} px card`);
        expect(box.width).to.be.greaterThan(40);
        expect(box.height / box.width).to.be.closeTo(509 / 360, 0.01);
        expect(box.left >= card.left && box.right <= card.right && box.top >= card.top, 'inside the card').to.equal(true);
      } else {
        expect(getComputedStyle(cover).display).to.equal('none');
        expect(cover.getBoundingClientRect().height, 'no room taken in the bar').to.equal(0);
      }
    }
  });

  it('beside the download dialog’s intro, loaded', async () => {
    await setViewport({ width: 1280, height: 900 });
    const el = await renderStory();
    el.openDownload();
    await waitUntil(() => $(el, 'dialog.download[open] img.download__cover'), 'no cover in the dialog', { timeout: 8000 });
    const cover = $(el, 'dialog.download img.download__cover');
    await waitUntil(() => cover.complete && cover.naturalWidth > 0, 'the dialog’s cover never loaded', { timeout: 5000 });
    expect(new URL(cover.src).pathname).to.equal('/dist/Leaflet_Case_Study_One_Pager.jpg');
    const box = cover.getBoundingClientRect();
    const intro = $(el, '#download-intro').getBoundingClientRect();
    expect(box.width).to.be.greaterThan(40);
    expect(box.right, 'before the intro').to.be.at.most(intro.left);
    $(el, 'dialog.download').close();
  });

  it('a story without a cover of its own shows the drawing, no image', async () => {
    await setViewport({ width: 1280, height: 900 });
    const el = await fixture(html`<redcliffe-case-study src="/__stories/northwind-clinics.json"></redcliffe-case-study>`);
    await waitUntil(() => el.shadowRoot?.getElementById('cta'), 'no call to action', { timeout: 8000 });
    expect($(el, '.cta__cover')).to.equal(null);
    expect($(el, '.cta .one-pager')).to.exist;
    expect($(el, '.offer__cover'), 'none in the offer either').to.equal(null);
  });
});
