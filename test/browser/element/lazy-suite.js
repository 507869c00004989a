/**
 * The lazy-section check, run by lazy-*.test.js at one viewport each. It must be the first render
 * of its test file: every file gets a fresh page, so the chunks are not in the module map yet and
 * the placeholders really show. (Not a test file itself.)
 */
import { expect, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { $, $$, STORY_PATH, TAG, documentTop, goTo, text } from './helpers.js';

const TOLERANCE_PX = 4;

export function lazySectionsSuite(viewport) {
  describe(`lazy sections at ${viewport.width} px`, () => {
    it('show "Loading..." in boxes as tall as the sections, so nothing below moves when they arrive', async () => {
      await setViewport(viewport);
      goTo(STORY_PATH);
      // The core chunk (React and the element) is part of the initial load; no lazy chunk may be.
      const chunksBefore = performance.getEntriesByType('resource').filter((e) => /\/chunks\/(?!core-)/.test(e.name));
      expect(
        chunksBefore.map((e) => e.name),
        'no lazy chunk loaded before the first render',
      ).to.deep.equal([]);

      const host = document.createElement('div');
      const el = document.createElement(TAG);
      const below = document.createElement('p');
      below.textContent = 'Host page content below the element';
      host.append(el, below);

      // What the visitor sees while the placeholders are up, recorded at every DOM change.
      const seen = [];
      const observer = new MutationObserver(() => {
        const placeholders = $$(el, '.placeholder');
        if (!placeholders.length) return;
        seen.push({
          names: placeholders.map((p) => [...p.classList].find((c) => c.startsWith('placeholder--'))),
          texts: placeholders.map(text),
          shown: placeholders.map((p) => p.getClientRects().length > 0),
          roles: placeholders.map((p) => p.getAttribute('role')),
          heights: placeholders.map((p) => p.getBoundingClientRect().height),
          below: documentTop(below),
        });
      });
      observer.observe(el.shadowRoot, { childList: true, subtree: true, characterData: true, attributes: true });
      document.body.append(host);
      try {
        await waitUntil(() => $(el, '#cta') && $(el, 'nav'), 'lazy sections did not load', { timeout: 5000 });
        observer.disconnect();

        expect(seen.length, 'placeholders were rendered before the chunks arrived').to.be.greaterThan(0);
        const first = seen[0];
        expect(first.names).to.deep.equal(['placeholder--cta', 'placeholder--jump-nav']);
        expect(first.texts).to.deep.equal(['Loading...', 'Loading...']);
        expect(first.shown, 'placeholders visible').to.deep.equal([true, true]);
        expect(first.roles, 'announced as status').to.deep.equal(['status', 'status']);

        const cta = $(el, '#cta');
        const jump = $(el, 'nav').closest('section');
        expect(cta.offsetHeight, 'call to action vs its placeholder').to.be.closeTo(first.heights[0], TOLERANCE_PX);
        expect(jump.offsetHeight, 'JumpNav vs its placeholder').to.be.closeTo(first.heights[1], TOLERANCE_PX);
        expect(documentTop(below), 'host content below did not move').to.be.closeTo(first.below, TOLERANCE_PX);

        // The chunks came from beside the main file (dist/chunks/), relative to its own URL.
        const chunks = performance
          .getEntriesByType('resource')
          .map((e) => new URL(e.name).pathname)
          .filter((path) => /\/chunks\//.test(path));
        expect(
          chunks.some((path) => /^\/dist\/chunks\/CtaSection-[\w-]+\.js$/.test(path)),
          chunks.join(),
        ).to.be.true;
        expect(
          chunks.some((path) => /^\/dist\/chunks\/JumpNav-[\w-]+\.js$/.test(path)),
          chunks.join(),
        ).to.be.true;
      } finally {
        observer.disconnect();
        host.remove();
      }
    });
  });
}
