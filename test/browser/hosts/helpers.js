/**
 * Helpers for the real-host tests (not a test file): each host is a page of its own under
 * ./fixtures (an Arabic page, a German page, a hostile stylesheet, two elements, a single-page app),
 * loaded in an iframe from the test server, with the built bundle (dist/) as a host would load it.
 */
import { waitUntil } from '@open-wc/testing';
import { settled as settledScroll } from '../element/helpers.js';

export const FIXTURES = '/test/browser/hosts/fixtures';
export const HEADLINE = 'Redcliffe Labs Achieves 22% Higher Customer Satisfaction with WhatsApp Calling';
export const HEADER_OFFSET = 80;

/** Load a fixture page in a `width` × `height` iframe; resolves once its document has loaded. */
export async function openHost(page, { width = 1024, height = 768 } = {}) {
  const frame = document.createElement('iframe');
  frame.style.cssText = `width:${width}px;height:${height}px;border:0;display:block`;
  const loaded = new Promise((resolve, reject) => {
    frame.addEventListener('load', resolve, { once: true });
    frame.addEventListener('error', reject, { once: true });
  });
  frame.src = `${FIXTURES}/${page}`;
  document.body.append(frame);
  await loaded;
  const win = frame.contentWindow;
  const doc = frame.contentDocument;
  const elements = [...doc.querySelectorAll('redcliffe-case-study')];
  return { frame, win, doc, elements, element: elements[0] };
}

/**
 * Wait until the element rendered its story, lazy sections included, and settled: the call to
 * action's print-only address (PrintOffer) is set by an effect one render after the sections load,
 * so a test that compares or walks the story's nodes would otherwise race it.
 */
export async function storyReady(element, timeout = 10_000) {
  await waitUntil(() => element.shadowRoot?.querySelector('h1'), 'the element never rendered its h1', { timeout });
  await waitUntil(
    () =>
      element.shadowRoot.getElementById('cta') &&
      element.shadowRoot.querySelector('nav') &&
      !element.shadowRoot.querySelector('.placeholder') &&
      element.shadowRoot.querySelector('.print-offer'),
    'the lazy sections or the print offer never appeared',
    { timeout },
  );
  return element;
}

export const $ = (element, selector) => element.shadowRoot.querySelector(selector);
export const $$ = (element, selector) => [...element.shadowRoot.querySelectorAll(selector)];
export const text = (node) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
export const byText = (element, selector, label) => $$(element, selector).find((node) => text(node) === label) ?? null;

/** A node's top edge, from the top of its own window's viewport (the iframe's). */
export const viewportTop = (node) => node.getBoundingClientRect().top;

/** A point inside the frame, in the top page's viewport coordinates (what sendMouse takes). */
export function inPage(frame, x, y) {
  const offset = frame.getBoundingClientRect();
  return [Math.round(offset.left + x), Math.round(offset.top + y)];
}

/** A scroll that came to rest (the element tests' helper; host pages get a second more). */
export const settled = (read, options = {}) => settledScroll(read, { timeout: 6000, ...options });

/** Record calls to the frame's console[method] (still printing them) until restore(). */
export function spyConsole(win, method) {
  const original = win.console[method];
  const calls = [];
  win.console[method] = (...args) => {
    calls.push(args.map(String).join(' '));
    original.apply(win.console, args);
  };
  return { calls, restore: () => (win.console[method] = original) };
}
