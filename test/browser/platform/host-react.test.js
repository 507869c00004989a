import { expect, nextFrame, waitUntil } from '@open-wc/testing';
import { sendKeys, sendMouse, resetMouse, setViewport } from '@web/test-runner-commands';
import { HEADLINE, headlineIn } from './helpers.js';

/**
 * A host page that runs its own React of another version: React 18 + react-dom 18 (bundled by
 * the dev server from node_modules, see fixtures.mjs), published as window.React,
 * rendering a host tree that contains <redcliffe-case-study>. The element's React is sealed
 * inside its bundle: both trees work, neither disturbs the other, no global changes hands.
 */
const BASE = '/__platform/host';
const centre = (node) => {
  const r = node.getBoundingClientRect();
  return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];
};

describe('a host page running its own React', () => {
  let HostReact;
  let root;
  let container;
  const errors = [];
  const onError = (event) => errors.push(event.error ?? event.message);

  before(async () => {
    await setViewport({ width: 1280, height: 800 });
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onError);
    history.replaceState(null, '', `${BASE}/`);
    const host = await import('/__platform/host-react.js');
    HostReact = host.React;
    window.React = HostReact; // what a UMD-era host page does

    const h = HostReact.createElement;
    function HostApp() {
      const [clicks, setClicks] = HostReact.useState(0);
      const [label, setLabel] = HostReact.useState('host');
      return h(
        'div',
        { id: 'host-app', 'data-label': label, onClick: () => setClicks((n) => n + 1) },
        h('p', { id: 'host-clicks' }, `clicks: ${clicks}`),
        h('button', { id: 'host-relabel', type: 'button', onClick: () => setLabel('relabelled') }, 'relabel'),
        h('redcliffe-case-study', { base: BASE, 'form-url': '' }),
      );
    }
    container = document.createElement('div');
    document.body.append(container);
    root = host.createRoot(container);
    root.render(h(HostApp));
    await waitUntil(() => document.getElementById('host-clicks'), 'the host tree never rendered');
  });

  after(async () => {
    await resetMouse();
    root?.unmount();
    container?.remove();
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onError);
    delete window.React;
  });

  it('is really another React version: the host runs React 18, the element bundles its own 19', () => {
    expect(HostReact.version).to.match(/^18\./);
    expect(window.React.version, "window.React stays the host's").to.equal(HostReact.version);
  });

  it('renders inside the host tree after the host React is up, leaving window.React and other globals alone', async () => {
    const element = document.querySelector('redcliffe-case-study');
    expect(element.matches(':defined'), 'not upgraded yet').to.equal(false);
    const globalsBefore = new Set(Object.getOwnPropertyNames(window));

    const module = await import('/dist/redcliffe-case-study.js');
    const h1 = await headlineIn(element);
    expect(h1.textContent.replace(/\s+/g, ' ').trim()).to.equal(HEADLINE);

    expect(window.React, 'window.React is still the host React').to.equal(HostReact);
    expect(module.React, 'the bundle exports no React').to.equal(undefined);
    const added = Object.getOwnPropertyNames(window).filter((name) => !globalsBefore.has(name));
    expect(added, 'globals added by the element').to.deep.equal([]);
  });

  it('host state updates re-render the host tree without resetting the element', async () => {
    const element = document.querySelector('redcliffe-case-study');
    const h1 = element.shadowRoot.querySelector('h1');
    await sendMouse({ type: 'click', position: centre(document.getElementById('host-relabel')) });
    await waitUntil(() => document.getElementById('host-app').dataset.label === 'relabelled');
    expect(document.querySelector('redcliffe-case-study'), 'same element node').to.equal(element);
    expect(element.shadowRoot.querySelector('h1'), 'same inner tree').to.equal(h1);
    expect(document.getElementById('host-clicks').textContent).to.equal('clicks: 1');
  });

  it('events inside the element reach both Reacts once: the element handles them, the host hears one click', async () => {
    const element = document.querySelector('redcliffe-case-study');
    const slider = element.shadowRoot.querySelector('[role="slider"]');
    await sendMouse({ type: 'click', position: centre(slider) });
    await waitUntil(() => document.getElementById('host-clicks').textContent === 'clicks: 2', 'host did not hear the click');
    slider.focus();
    const before = Number(slider.getAttribute('aria-valuenow'));
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => Number(slider.getAttribute('aria-valuenow')) === Math.min(99, before + 5), 'the element’s own React did not handle the key');
    await nextFrame();
    expect(document.getElementById('host-clicks').textContent, 'one host click per click').to.equal('clicks: 2');
  });

  it('unmounting the host tree tears the element down cleanly', async () => {
    root.unmount();
    root = undefined;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.querySelector('redcliffe-case-study')).to.equal(null);
    expect(errors.map(String)).to.deep.equal([]);
  });
});
