import { expect } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { $, HEADLINE, jumpTo, renderStory, text } from './helpers.js';

/**
 * The hero (issue 43, point 5): the spec's headline whole in at most 3 lines at 1440, 1280 and
 * 390 px, and the band of the three results right under the hero.
 */
describe('hero: headline and the results under it', () => {
  afterEach(() => setViewport({ width: 1280, height: 800 }));

  for (const width of [1440, 1280, 390]) {
    it(`at ${width} px the headline takes at most 3 lines and the results band follows the hero`, async () => {
      await setViewport({ width, height: 900 });
      jumpTo(0);
      const el = await renderStory();
      const h1 = $(el, 'h1');
      expect(text(h1)).to.equal(HEADLINE);
      const range = document.createRange();
      range.selectNodeContents(h1);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      const hero = $(el, '.hero').getBoundingClientRect();
      const results = el.shadowRoot.getElementById('results').getBoundingClientRect();
      console.log(
        `[measure] hero at ${width} px: headline ${lines} lines, ${getComputedStyle(h1).fontSize} in ${Math.round(h1.getBoundingClientRect().width)} px; hero ends at ${Math.round(hero.bottom + scrollY)} px, results band from ${Math.round(results.top + scrollY)} to ${Math.round(results.bottom + scrollY)} px`,
      );
      expect(lines, 'headline lines').to.be.at.most(3);
      expect(results.top - hero.bottom, 'the results right under the hero').to.be.within(0, 80);
      for (const card of el.shadowRoot.getElementById('results').querySelectorAll('.card')) {
        expect(text(card.querySelector('.card__basis')), 'each result with its period and baseline').to.match(/,/);
      }
    });
  }
});
