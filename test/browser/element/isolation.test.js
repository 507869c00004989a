import { expect, fixture, html } from '@open-wc/testing';
import { $, $$, byText, renderStory } from './helpers.js';

const INSIDE = [
  'color',
  'font-family',
  'font-size',
  'font-weight',
  'display',
  'line-height',
  'letter-spacing',
  'text-transform',
  'background-color',
  'margin-top',
  'box-sizing',
];

const pick = (node, properties) => {
  const computed = getComputedStyle(node);
  return Object.fromEntries(properties.map((p) => [p, computed.getPropertyValue(p)]));
};

/** Every computed property of a node, except those that follow the viewport size (a scrollbar may appear). */
function allStyles(node) {
  const computed = getComputedStyle(node);
  const sizeDependent = /^(width|height|inline-size|block-size|perspective-origin|transform-origin)$/;
  return Object.fromEntries([...computed].filter((p) => !sizeDependent.test(p)).map((p) => [p, computed.getPropertyValue(p)]));
}

describe('style isolation', () => {
  let hostile;
  afterEach(() => hostile?.remove());

  it('host-page CSS does not reach inside', async () => {
    const el = await renderStory();
    const h1 = $(el, 'h1');
    const button = byText(el, 'button', 'Read Full Customer Story');
    const quote = $(el, 'blockquote p');
    // Keyed by node, not by position, so the comparison holds each node against itself.
    const everything = new Map($$(el, '*').map((node) => [node, JSON.stringify(pick(node, INSIDE))]));
    const clean = { h1: pick(h1, INSIDE), button: pick(button, INSIDE), quote: pick(quote, INSIDE) };

    hostile = document.createElement('style');
    hostile.textContent = `
      * { color: red !important; font-family: monospace !important; line-height: 3 !important; letter-spacing: 4px !important;
          font-weight: 100 !important; text-transform: uppercase !important; box-sizing: content-box !important }
      html, body { font-size: 30px !important; text-transform: uppercase !important }
      h1 { display: none }
      button { background: red }
      p, blockquote { margin: 40px !important }
    `;
    document.head.append(hostile);
    // The hostile sheet really applies on the host page.
    const outside = await fixture(html`<h1>host heading</h1>`);
    expect(getComputedStyle(outside).display).to.equal('none');
    expect(getComputedStyle(outside).color).to.equal('rgb(255, 0, 0)');

    expect(pick(h1, INSIDE), 'h1').to.deep.equal(clean.h1);
    const nodes = $$(el, '*');
    expect(nodes.length, 'the same nodes as before the hostile sheet').to.equal(everything.size);
    const changed = nodes.filter((node) => JSON.stringify(pick(node, INSIDE)) !== everything.get(node));
    expect(
      changed.map((node) => `<${node.localName} class="${node.className}">`),
      'nodes restyled by the host',
    ).to.deep.equal([]);
    expect(pick(button, INSIDE), 'button').to.deep.equal(clean.button);
    expect(pick(quote, INSIDE), 'quote').to.deep.equal(clean.quote);
    expect(getComputedStyle(h1).color).to.not.equal('rgb(255, 0, 0)');
    expect(getComputedStyle(h1).fontFamily).to.not.contain('monospace');
    expect(getComputedStyle(h1).display).to.equal('block');
    expect(h1.getClientRects().length, 'h1 still shown').to.be.greaterThan(0);
  });

  it('nothing inside changes the host page', async () => {
    const host = await fixture(html`
      <div class="host-page">
        <h1>Host heading</h1>
        <p>Host text <a href="#x">link</a></p>
        <button type="button">Host button</button>
        <section id="leadership-perspective" class="fade placeholder hero">host section with the element's names</section>
      </div>
    `);
    const nodes = [...host.querySelectorAll('*'), host, document.body, document.documentElement];
    const before = nodes.map(allStyles);
    const rootBefore = allStyles(document.documentElement);

    const el = await renderStory();
    expect($(el, 'h1')).to.exist;

    const after = nodes.map(allStyles);
    nodes.forEach((node, i) => {
      expect(after[i], `<${node.localName}${node.className ? `.${node.className}` : ''}>`).to.deep.equal(before[i]);
    });
    expect(allStyles(document.documentElement)).to.deep.equal(rootBefore);
  });
});
