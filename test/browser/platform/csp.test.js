import { expect, waitUntil } from '@open-wc/testing';
import { HEADLINE, headlineIn, lazySectionsLoaded, loadFrame } from './helpers.js';

/**
 * The element under a strict Content-Security-Policy with Trusted Types required:
 *   default-src 'self'; style-src 'self'; script-src 'self'; require-trusted-types-for 'script'; trusted-types 'none'
 * No inline script or style, no eval, no HTML-string sinks, and not even a Trusted Types policy.
 * The fixture document carries the header (see fixtures.mjs); this page only inspects it.
 */
describe('strict CSP with Trusted Types required', () => {
  let frame;
  let win;
  let element;

  before(async () => {
    frame = await loadFrame('/__platform/csp/');
    win = frame.contentWindow;
    element = frame.contentDocument.querySelector('redcliffe-case-study');
  });
  after(() => frame?.remove());

  it('is served with the policy and the policy is enforced', async () => {
    const response = await fetch('/__platform/csp/');
    expect(response.headers.get('content-security-policy')).to.contain("require-trusted-types-for 'script'");
    // Control: a string-to-HTML sink is refused in that document, so the policy really applies.
    const probe = frame.contentDocument.createElement('div');
    expect(() => {
      probe.innerHTML = '<b>x</b>';
    }).to.throw(/TrustedHTML/);
  });

  it('renders the story in its shadow root, lazy sections included', async () => {
    const h1 = await headlineIn(element);
    expect(h1.textContent.replace(/\s+/g, ' ').trim()).to.equal(HEADLINE);
    expect(element.shadowRoot.adoptedStyleSheets.length, 'styled by a constructable sheet').to.be.at.least(1);
    const button = [...element.shadowRoot.querySelectorAll('button')].find((b) => /Read Full Customer Story/.test(b.textContent));
    expect(win.getComputedStyle(button).backgroundColor, 'styles applied').to.not.equal('rgba(0, 0, 0, 0)');
    await lazySectionsLoaded(element);
  });

  it('opens the download dialog without violating the policy', async () => {
    element.openDownload();
    await waitUntil(() => element.shadowRoot.querySelector('dialog[open]'), 'the dialog never opened', { timeout: 10_000 });
    // The dialog chunk arrived and rendered its form under the policy.
    expect(element.shadowRoot.querySelector('dialog[open] input[type="email"]')).to.exist;
  });

  it('causes no securitypolicyviolation at all (listener registered before the script)', async () => {
    // Leave time for anything late (chunks, effects, timers) to trip the policy.
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The control above (innerHTML) is the only violation this page may report — and it must have
    // been reported, which proves the listener hears violations.
    const isControl = (v) => v.effective === 'require-trusted-types-for' && /innerHTML/.test(v.sample ?? '');
    expect(win.__violations.some(isControl), 'the control violation was heard').to.equal(true);
    const violations = win.__violations.filter((v) => !isControl(v));
    expect(violations, JSON.stringify(violations, null, 2)).to.deep.equal([]);
  });
});
