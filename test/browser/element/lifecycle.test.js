import { expect, fixture, html, nextFrame, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { $, HEADLINE, STORY_PATH, TAG, collectPageErrors, goTo, renderStory, spyConsole, text } from './helpers.js';

describe('element lifecycle', () => {
  it('survives the script being imported a second time: keeps the definition and warns once', async () => {
    const defined = customElements.get(TAG);
    expect(defined, 'registered by the first import').to.exist;
    const warn = spyConsole('warn');
    const page = collectPageErrors();
    try {
      // The entry under another URL (a query string) shares the first copy's core: nothing to warn about.
      await import('../../../dist/redcliffe-case-study.js?second=1');
      await nextFrame();
      expect(
        warn.messages().filter((message) => message.includes(TAG)),
        'same core, no second copy',
      ).to.deep.equal([]);
      // A real second copy (the core under another URL, as another version's would be) warns once.
      const core = performance.getEntriesByType('resource').find((entry) => /\/dist\/chunks\/core-[\w-]+\.js$/.test(entry.name));
      expect(core, 'the core chunk was loaded').to.exist;
      await import(`${core.name}?second-copy=1`);
      await nextFrame();
      const duplicates = warn.messages().filter((message) => message.includes(TAG));
      expect(duplicates, 'one warning about the second copy').to.have.length(1);
      expect(duplicates[0]).to.match(/more than once|already/i);
      expect(customElements.get(TAG), 'same constructor').to.equal(defined);
      expect(page.errors).to.deep.equal([]);
    } finally {
      warn.restore();
      page.stop();
    }
    // The page still works with the first definition.
    const el = await renderStory();
    expect(el).to.be.instanceOf(defined);
    expect(text($(el, 'h1'))).to.equal(HEADLINE);
  });

  it('renders when put in the page a while after an attribute was set on it', async () => {
    goTo(STORY_PATH);
    const el = document.createElement(TAG);
    el.setAttribute('base', '/case-study/redcliffe-labs');
    // Out of the page for longer than the batched first render waits (one task).
    await new Promise((resolve) => setTimeout(resolve, 50));
    const holder = await fixture(html`<div></div>`);
    holder.append(el);
    await waitUntil(() => text($(el, 'h1')) === HEADLINE, 'never rendered', { timeout: 5000 });
  });

  it('keeps its state when moved to another place in the DOM', async () => {
    const el = await renderStory();
    const handle = $(el, '[role="slider"]');
    handle.focus();
    for (let i = 0; i < 5; i++) await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => handle.getAttribute('aria-valuenow') === '75', 'slider did not reach 75');

    const otherParent = await fixture(html`<section class="cms-block"></section>`);
    const errors = spyConsole('error');
    const page = collectPageErrors();
    try {
      otherParent.append(el);
      await nextFrame();
      await nextFrame();
      expect(el.parentElement).to.equal(otherParent);
      const after = $(el, '[role="slider"]');
      expect(after, 'slider still rendered').to.exist;
      expect(after.getAttribute('aria-valuenow'), 'slider position kept').to.equal('75');
      expect(after, 'same DOM: the React tree was not remounted').to.equal(handle);
      expect(el.shadowRoot.getElementById('cta'), 'lazy sections kept').to.exist;

      // Still interactive after the move.
      after.focus();
      await sendKeys({ press: 'ArrowRight' });
      await waitUntil(() => after.getAttribute('aria-valuenow') === '80', 'slider no longer responds after the move');
      expect(errors.calls, 'no console errors').to.have.length(0);
      expect(page.errors, 'no uncaught errors').to.deep.equal([]);
    } finally {
      errors.restore();
      page.stop();
    }
  });

  it('unmounts when removed for good, and renders again when put back', async () => {
    const el = await renderStory();
    const parent = el.parentElement;
    el.remove();
    await waitUntil(() => el.shadowRoot.childElementCount === 0, 'removed element kept its tree');
    parent.append(el);
    await waitUntil(() => text(el.shadowRoot.querySelector('h1')) === HEADLINE, 'did not render again');
  });
});
