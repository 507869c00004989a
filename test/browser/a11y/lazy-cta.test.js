import { expect, waitUntil } from '@open-wc/testing';
import { emulateMedia, executeServerCommand, sendKeys, setViewport } from '@web/test-runner-commands';
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
  before(async () => {
    await setViewport({ width: 1280, height: 800 });
    await emulateMedia({ reducedMotion: 'reduce' }); // no section mid fade-in when axe looks
  });
  after(() => emulateMedia({ reducedMotion: 'no-preference' }));
  afterEach(() => executeServerCommand('a11y-stop-failing'));

  it('the call-to-action chunk is retried, then says so with "Try again", which loads it', async () => {
    const failed = await executeServerCommand('a11y-fail-requests', { pattern: '*CtaSection-*.js*', times: 100 });
    expect(failed).to.equal(true);
    const seen = [];
    const requests = new PerformanceObserver((list) => list.getEntries().forEach((entry) => /CtaSection-/.test(entry.name) && seen.push(entry.name)));
    requests.observe({ type: 'resource', buffered: true });
    history.replaceState(null, '', '/case-study/redcliffe-labs/');
    const el = await fixture(html`<redcliffe-case-study></redcliffe-case-study>`);
    await waitUntil(() => byText(el, 'button', 'Try again'), 'no "Try again" after the chunk failed', { timeout: 8000 });
    const placeholder = $(el, '.placeholder--cta');
    expect(placeholder.getAttribute('role'), 'announced').to.equal('status');
    console.log(`[measure] CTA chunk: ${seen.length} attempts before the message "${text(placeholder.querySelector('span'))}"`);
    expect(seen.length, 'retried before giving up').to.be.at.least(3);
    // Chromium never fetches a module URL that failed once again: each attempt must ask for a new one.
    expect(new Set(seen).size, `one request per attempt, each at a URL of its own: ${seen.join(', ')}`).to.equal(seen.length);
    expect(text(placeholder.querySelector('span'))).to.equal('This section could not be loaded.');
    await executeServerCommand('a11y-stop-failing');
    const retry = byText(el, 'button', 'Try again');
    retry.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => $(el, '[part="cta-button"]'), 'the section did not load on "Try again"', { timeout: 8000 });
    requests.disconnect();
    const cores = new Set(
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => /\/chunks\/core-/.test(name)),
    );
    expect([...cores], 'the section runs on the one core already loaded (one element, one React)').to.have.length(1);
    await expect(el).to.be.accessible();
    el.remove();
  });
});
