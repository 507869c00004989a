import { expect, waitUntil } from '@open-wc/testing';
import { executeServerCommand, sendKeys, setViewport } from '@web/test-runner-commands';
import { fixture, html } from '@open-wc/testing';
import '../../../dist/redcliffe-case-study.js';

/**
 * Chunks that fail to load. One chunk per test file, so its page has not loaded
 * that chunk yet (the dialog's is preloaded when the browser is idle). Requests are failed at the network layer through the DevTools protocol.
 */
const $ = (el, selector) => el.shadowRoot.querySelector(selector);
const text = (node) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
const byText = (el, selector, label) => [...el.shadowRoot.querySelectorAll(selector)].find((n) => text(n) === label);

describe('lazy chunks that fail to load', () => {
  before(() => setViewport({ width: 1280, height: 800 }));
  afterEach(() => executeServerCommand('a11y-stop-failing'));

  it('the dialog chunk: the Download button shows "could not be loaded" with "Try again", which opens the form', async () => {
    await executeServerCommand('a11y-fail-requests', { pattern: '*DownloadDialog-*.js*', times: 100 });
    history.replaceState(null, '', '/case-study/redcliffe-labs/');
    const el = await fixture(html`<redcliffe-case-study></redcliffe-case-study>`);
    await waitUntil(() => $(el, '[part="cta-button"]'), 'no call to action', { timeout: 8000 });
    const cta = $(el, '[part="cta-button"]');
    cta.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => byText(el, 'button', 'Try again'), 'nothing visible after the dialog chunk failed', { timeout: 8000 });
    const box = $(el, 'dialog[open]');
    console.log(`[measure] dialog chunk failed: "${text(box?.querySelector('[role="alert"]'))}", focus on "${text(el.shadowRoot.activeElement)}"`);
    expect(box.matches(':modal')).to.equal(true);
    expect(text(el.shadowRoot.activeElement)).to.equal('Try again');
    // It hangs where the form's card will, its text from the left edge: not a box centred on the screen.
    await Promise.all(box.getAnimations().map((animation) => animation.finished));
    const fallback = box.getBoundingClientRect();
    const alert = box.querySelector('[role="alert"]');
    expect(getComputedStyle(alert).textAlign).to.equal('start');
    expect(Math.round(fallback.top), 'hung from 8 % of the screen, as the form').to.equal(Math.round(800 * 0.08));
    await executeServerCommand('a11y-stop-failing');
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => $(el, 'dialog[open] input[name="firstName"]'), 'the form did not open on "Try again"', { timeout: 8000 });
    await waitUntil(() => el.shadowRoot.activeElement?.name === 'firstName', 'focus is not on the first field');
    expect(byText(el, 'button', 'Try again'), 'the message is gone').to.equal(undefined);
    const form = $(el, 'dialog[open]');
    await Promise.all(form.getAnimations().map((animation) => animation.finished));
    const formBox = form.getBoundingClientRect();
    expect([formBox.top, formBox.left], 'the form opens where its fallback was').to.deep.equal([fallback.top, fallback.left]);
    el.remove();
  });
});
