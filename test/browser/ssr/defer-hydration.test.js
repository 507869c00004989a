/**
 * The `defer-hydration` convention: server-rendered HTML carrying the attribute stays as the server
 * rendered it (idle periods and presses do not hydrate it) until the page removes the attribute;
 * removing it hydrates the same nodes, which then work.
 */
import { expect, nextFrame, waitUntil } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { HEADLINE, STORY_PATH, TAG, collectPageErrors, goTo, jumpTo, spyConsole, text } from '../element/helpers.js';
import { idle, insert, serverHtml } from './helpers.js';

async function deferredHtml() {
  const html = await serverHtml();
  const deferred = html.replace(`<${TAG}`, `<${TAG} defer-hydration`);
  expect(deferred, 'the attribute is on the element').to.contain(`<${TAG} defer-hydration`);
  return deferred;
}

async function idlePeriods(count = 3) {
  for (let i = 0; i < count; i++) await idle();
  for (let i = 0; i < 5; i++) await nextFrame();
}

/** Hydrated: the shared sheet adopted in place of the server's stylesheet link. */
// A root adopts its sheet of client-only rules as it hydrates (it keeps the server's stylesheet link).
const hydrated = (el) => el.shadowRoot.adoptedStyleSheets.length === 1;

describe('server-rendered HTML with defer-hydration', () => {
  let error;
  let page;
  before(() => setViewport({ width: 1280, height: 800 }));
  beforeEach(() => {
    jumpTo(0);
    goTo(STORY_PATH);
    error = spyConsole('error');
    page = collectPageErrors();
  });
  afterEach(async () => {
    error.restore();
    page.stop();
    document.querySelectorAll('.ssr-holder').forEach((holder) => holder.remove());
    await nextFrame();
  });

  it('does not hydrate while the attribute is there, not even on a key press', async () => {
    const el = insert(await deferredHtml());
    expect(customElements.get(TAG), 'the element is defined').to.exist;
    const handle = el.shadowRoot.querySelector('[role="slider"]');
    await idlePeriods();
    handle.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, composed: true, cancelable: true }));
    await idlePeriods();
    expect(hydrated(el), 'still the server markup with its stylesheet link').to.equal(false);
    expect(el.shadowRoot.querySelector('link[rel="stylesheet"]')).to.exist;
    expect(handle.getAttribute('aria-valuenow'), 'the key press was not handled').to.equal('50');
    expect(text(el.shadowRoot.querySelector('h1'))).to.equal(HEADLINE);
    expect(error.messages()).to.deep.equal([]);
  });

  it('hydrates the same nodes once the attribute is removed, and they work', async () => {
    const el = insert(await deferredHtml());
    const h1 = el.shadowRoot.querySelector('h1');
    const handle = el.shadowRoot.querySelector('[role="slider"]');
    await idlePeriods(2);
    expect(hydrated(el)).to.equal(false);

    el.removeAttribute('defer-hydration');
    await waitUntil(() => hydrated(el), 'removing defer-hydration did not hydrate', { timeout: 5000 });
    expect(el.shadowRoot.querySelector('h1'), 'the same h1 node').to.equal(h1);
    expect(el.shadowRoot.querySelectorAll('.hero')).to.have.length(1);

    handle.focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => handle.getAttribute('aria-valuenow') === '55', 'the hydrated slider did not move');
    expect(error.messages()).to.deep.equal([]);
    expect(page.errors).to.deep.equal([]);
  });

  it('an element removed from the page while deferred never hydrates', async () => {
    const el = insert(await deferredHtml());
    const holder = el.parentElement;
    el.remove();
    await nextFrame();
    el.removeAttribute('defer-hydration');
    await idlePeriods();
    expect(hydrated(el), 'a disconnected element stays as it was').to.equal(false);
    holder.remove();
    expect(error.messages()).to.deep.equal([]);
  });
});
