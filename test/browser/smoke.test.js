import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import '../../dist/redcliffe-case-study.js';

describe('smoke', () => {
  it('renders the headline in an open shadow root', async () => {
    history.replaceState(null, '', '/case-study/redcliffe-labs/');
    const el = await fixture(html`<redcliffe-case-study></redcliffe-case-study>`);
    await waitUntil(() => el.shadowRoot?.querySelector('h1'), 'no h1');
    expect(el.shadowRoot.querySelector('h1').textContent).to.equal(
      'Redcliffe Labs Achieves 22% Higher Customer Satisfaction with WhatsApp Calling',
    );
  });
});
