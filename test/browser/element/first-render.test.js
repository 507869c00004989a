import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { goTo, STORY_PATH } from './helpers.js';

/**
 * The hero renders first and the sections below it follow in a transition. A frame can be painted
 * in between (a busy CPU), so the hero must already sit where it will stay: nothing may move when
 * the rest arrives (that would be a layout shift).
 */
describe('first render', () => {
  before(() => setViewport({ width: 1280, height: 800 }));

  it('puts the headline where it stays once the sections below the hero arrive', async () => {
    goTo(STORY_PATH);
    const tops = [];
    const el = document.createElement('redcliffe-case-study');
    const observer = new MutationObserver(() => {
      const h1 = el.shadowRoot.querySelector('h1');
      if (h1 && !el.shadowRoot.getElementById('leadership-perspective') && tops.length === 0) {
        tops.push(h1.getBoundingClientRect().top); // the hero alone, before the transition commits
      }
    });
    observer.observe(el.shadowRoot, { childList: true, subtree: true });
    await fixture(html`<div></div>`).then((parent) => parent.append(el));
    await waitUntil(() => el.shadowRoot.getElementById('cta'), 'the sections below the hero never arrived', { timeout: 5000 });
    observer.disconnect();
    expect(tops, 'the hero was seen on its own first').to.have.length(1);
    expect(el.shadowRoot.querySelector('h1').getBoundingClientRect().top).to.be.closeTo(tops[0], 0.5);
    el.remove();
  });
});
