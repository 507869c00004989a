import { expect, fixture, html, nextFrame, waitUntil } from '@open-wc/testing';
import { emulateMedia, setViewport } from '@web/test-runner-commands';
import { $$, STORY_PATH, goTo, jumpTo, render, renderStory } from './helpers.js';

/** Scroll down through the page until every fading block has faded in completely. */
async function scrollThrough(el) {
  const fading = $$(el, '.fade');
  for (const node of fading) {
    jumpTo(window.scrollY + node.getBoundingClientRect().top - 100);
    await waitUntil(() => node.classList.contains('fade--in'), `${node.id || node.className} did not fade in`);
  }
  for (const node of fading) {
    await waitUntil(() => getComputedStyle(node).opacity === '1', 'fade did not finish', { timeout: 3000 });
  }
  jumpTo(0);
  await nextFrame();
}

const viewports = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

describe('accessibility (axe)', () => {
  afterEach(async () => {
    await emulateMedia({ reducedMotion: 'no-preference' });
    jumpTo(0);
  });

  for (const viewport of viewports) {
    it(`has no violations on the story at ${viewport.width} px, once every section has faded in`, async () => {
      await setViewport(viewport);
      const el = await renderStory();
      await scrollThrough(el);
      await expect(el).to.be.accessible();
    });
  }

  // Another story (served by ./story-fixtures.mjs): its own logo, photo and words, which the
  // default story's checks never see.
  for (const viewport of viewports) {
    it(`has no violations on another story from src at ${viewport.width} px`, async () => {
      await setViewport(viewport);
      const el = await render(STORY_PATH, html`<redcliffe-case-study src="/__stories/quillfeather-books.json"></redcliffe-case-study>`);
      const root = el.shadowRoot;
      await waitUntil(() => root.querySelector('h1') && root.getElementById('cta') && root.querySelector('nav'), 'the story from src never showed', {
        timeout: 5000,
      });
      expect(root.querySelector('.hero__logo')?.getAttribute('src'), 'its logo').to.contain('quillfeather-logo');
      await scrollThrough(el);
      await expect(el).to.be.accessible();
    });
  }

  it('has no violations on the alert a story file that is missing shows', async () => {
    await nextFrame();
    goTo(STORY_PATH);
    const el = await fixture(html`<redcliffe-case-study src="/__stories/no-such-story.json"></redcliffe-case-study>`);
    await waitUntil(() => el.shadowRoot?.querySelector('[role="alert"]'), 'no alert', { timeout: 5000 });
    await expect(el).to.be.accessible();
  });

  it('has no violations with reduced motion (everything visible at once)', async () => {
    await setViewport({ width: 1280, height: 800 });
    await emulateMedia({ reducedMotion: 'reduce' });
    const el = await renderStory();
    for (const node of $$(el, '.fade')) expect(getComputedStyle(node).opacity).to.equal('1');
    await expect(el).to.be.accessible();
  });

  it('has no violations on the 404 page', async () => {
    const el = await render('/case-study/redcliffe-labs/missing');
    await expect(el).to.be.accessible();
  });

  it('keeps the heading outline: one h1, no skipped levels', async () => {
    await setViewport({ width: 1280, height: 800 });
    const el = await renderStory();
    const levels = $$(el, 'h1, h2, h3, h4, h5, h6').map((h) => Number(h.localName[1]));
    expect(levels[0]).to.equal(1);
    expect(levels.filter((level) => level === 1)).to.have.length(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level - levels[i - 1], `heading ${i} (h${level}) after h${levels[i - 1]}`).to.be.at.most(1);
    });
    // No <main> of its own: the element sits inside the host page's <main>.
    expect($$(el, 'main'), 'no main landmark inside the element').to.have.length(0);
    expect($$(el, 'article.page[aria-label]'), 'the story is one named article').to.have.length(1);
  });
});
