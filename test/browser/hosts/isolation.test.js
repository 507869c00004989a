import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import mdn from 'mdn-data/css/properties.json'; // served as a module by the esbuild plugin (json: true)
import { $$, openHost, storyReady } from './helpers.js';

/**
 * Inherited host CSS: the same story on a clean page and on a page whose stylesheet sets every
 * inherited property to an odd value on every element (the element itself included, some with
 * !important). Every node inside must compute exactly as on the clean page, and nothing overflows.
 */

/** Inherited on purpose (docs/element.md, Theming), so the hostile sheet leaves them alone. */
const DELIBERATELY_INHERITED = ['font-size', 'visibility', 'pointer-events', 'interactivity', '-webkit-locale'];
/** Inherited, but they change the element's own box, which the host lays out. */
const HOST_LAYOUT = ['writing-mode', 'text-orientation'];
/** Computed by Chromium yet not settable by a page (text decorations are propagated, not inherited). */
const NOT_SETTABLE = [
  '-webkit-text-decorations-in-effect',
  'window-drag', // an installed-app property: a normal page's value computes to none
];

/**
 * Where an absolutely positioned node with auto insets (the visually hidden headings) sits: its
 * static position, measured from the page's top, so it follows whatever the host puts above the element.
 */
const STATIC_POSITION = /^(top|bottom|left|right|inset-(block|inline)-(start|end))$/;

/** Every computed property of a node, by name. */
function computed(win, node, pseudo) {
  const style = win.getComputedStyle(node, pseudo);
  return Object.fromEntries([...style].map((name) => [name, style.getPropertyValue(name)]));
}

describe('inherited host CSS stays outside', () => {
  let clean;
  let hostile;

  before(async () => {
    await emulateMedia({ reducedMotion: 'reduce' }); // no fade-in in flight while comparing
    [clean, hostile] = await Promise.all([openHost('isolation-clean.html'), openHost('isolation-hostile.html')]);
    await Promise.all([storyReady(clean.element), storyReady(hostile.element)]);
  });
  after(async () => {
    clean?.frame.remove();
    hostile?.frame.remove();
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  it('the hostile sheet sets every inherited property Chromium computes (mdn-data) but the deliberate ones', () => {
    const computedByChromium = [...getComputedStyle(document.body)];
    const inherited = computedByChromium.filter((name) => mdn[name]?.inherited === true);
    const skipped = [...DELIBERATELY_INHERITED, ...HOST_LAYOUT, ...NOT_SETTABLE];
    const hostText = (host) => computed(host.win, host.doc.getElementById('host-text'));
    const before = hostText(clean);
    const after = hostText(hostile);
    const untouched = inherited.filter((name) => !skipped.includes(name) && before[name] === after[name]);
    expect(untouched, 'inherited properties the hostile sheet leaves at their clean value').to.deep.equal([]);
    expect(inherited.length, 'a real list').to.be.greaterThan(100);
  });

  it('every node inside computes exactly as on a clean page', () => {
    const cleanNodes = $$(clean.element, '*');
    const hostileNodes = $$(hostile.element, '*');
    expect(hostileNodes.map((n) => n.localName)).to.deep.equal(cleanNodes.map((n) => n.localName));
    const differences = [];
    cleanNodes.forEach((node, i) => {
      for (const pseudo of [null, '::before', '::after', '::marker', '::selection']) {
        const want = computed(clean.win, node, pseudo);
        const got = computed(hostile.win, hostileNodes[i], pseudo);
        for (const name of Object.keys(want)) {
          if (want[name] !== got[name] && !STATIC_POSITION.test(name)) {
            differences.push(`<${node.localName} class="${node.getAttribute('class') ?? ''}">${pseudo ?? ''} ${name}: ${got[name]} (clean: ${want[name]})`);
          }
        }
      }
    });
    expect(differences.slice(0, 40), `${differences.length} differences`).to.deep.equal([]);
  });

  it('no horizontal overflow (body { white-space: nowrap } made the page 2,227 px wide)', () => {
    for (const host of [clean, hostile]) {
      const { element, doc } = host;
      expect(element.scrollWidth, `${doc.title}: the element's content fits its width`).to.be.at.most(element.clientWidth);
      const box = element.getBoundingClientRect();
      // Visually hidden status text (1 px, clipped away) is never painted, wherever it sits.
      const outside = $$(element, '*').filter((node) => {
        if (node.closest('.visually-hidden')) return false;
        const r = node.getBoundingClientRect();
        return r.width > 0 && (r.right > box.right + 0.5 || r.left < box.left - 0.5);
      });
      expect(
        outside.map((node) => `<${node.localName} class="${node.getAttribute('class')}">`),
        doc.title,
      ).to.deep.equal([]);
      // The page is exactly as wide with the element as without it (the hostile page's own text may overflow).
      const withIt = doc.documentElement.scrollWidth;
      element.hidden = true;
      const without = doc.documentElement.scrollWidth;
      element.hidden = false;
      expect(withIt, `${doc.title}: page width with the element`).to.equal(without);
    }
    expect(clean.doc.documentElement.scrollWidth).to.be.at.most(clean.doc.documentElement.clientWidth);
  });
});
