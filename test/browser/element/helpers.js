/**
 * Shared helpers for the element's real-browser tests (not a test file itself).
 * Every test file imports the built bundle, so the tests exercise what ships.
 */
import { fixture, html, nextFrame, waitUntil } from '@open-wc/testing';
import '../../../dist/redcliffe-case-study.js';

export { html };

export const TAG = 'redcliffe-case-study';
export const STORY_PATH = '/case-study/redcliffe-labs/';
export const HEADLINE = 'Redcliffe Labs Achieves 22% Higher Customer Satisfaction with WhatsApp Calling';
export const ANCHORS = ['challenge-solution', 'business-impact', 'results', 'leadership-perspective', 'what-stood-out', 'cta'];

/** Text as a reader sees it: whitespace collapsed. */
export const text = (node) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** Text as rendered (innerText: follows layout, skips hidden nodes), whitespace collapsed. */
export const seen = (node) => (node?.innerText ?? '').replace(/\s+/g, ' ').trim();

export const $ = (el, selector) => el.shadowRoot.querySelector(selector);
export const $$ = (el, selector) => [...el.shadowRoot.querySelectorAll(selector)];

/** The element (in its shadow root) whose own text is exactly `label`. */
export function byText(el, selector, label) {
  return $$(el, selector).find((node) => text(node) === label) ?? null;
}

/** Put the page at `path` (wouter reads location.pathname and observes replaceState). */
export function goTo(path) {
  history.replaceState(null, '', path);
}

/** Render `<redcliffe-case-study>` at `path` and wait until React has put something in it. */
export async function render(path = STORY_PATH, template = html`<redcliffe-case-study></redcliffe-case-study>`) {
  // Let the previous test's fixtures finish unmounting (their removal defers it to a microtask)
  // before the URL changes under them.
  await nextFrame();
  goTo(path);
  const el = await fixture(template);
  await waitUntil(() => el.shadowRoot?.querySelector('.page, .not-found'), 'nothing rendered in the shadow root');
  return el;
}

/**
 * Render the story and wait until it has settled: both lazy sections (call to action, JumpNav)
 * loaded and the call to action's print-only address set by its effect one render later, so a
 * test that snapshots the nodes does not race a node still being added.
 */
export async function renderStory(template) {
  const el = await render(STORY_PATH, template);
  await waitUntil(() => el.shadowRoot.querySelector('h1'), 'no h1');
  await waitUntil(
    () => el.shadowRoot.getElementById('cta') && el.shadowRoot.querySelector('nav') && el.shadowRoot.querySelector('.print-offer'),
    'the lazy sections or the print offer never appeared',
    { timeout: 5000 },
  );
  return el;
}

/** Record calls to console[method] (still printing them) until restore(). */
export function spyConsole(method) {
  const original = console[method];
  const calls = [];
  console[method] = (...args) => {
    calls.push(args);
    original.apply(console, args);
  };
  return {
    calls,
    messages: () => calls.map((args) => args.map(String).join(' ')),
    restore: () => {
      console[method] = original;
    },
  };
}

/** Uncaught errors (including those thrown inside React event handlers) until stop(). */
export function collectPageErrors() {
  const errors = [];
  const onError = (event) => errors.push(event.error ?? event.message);
  const onRejection = (event) => errors.push(event.reason);
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  return {
    errors,
    stop: () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    },
  };
}

/** Distance of an element's top edge from the top of the viewport. */
export const viewportTop = (node) => node.getBoundingClientRect().top;

/** Position of an element's top edge in the document. */
export const documentTop = (node) => node.getBoundingClientRect().top + window.scrollY;

/**
 * Wait until `read()` has moved away from `initial` (when given) and then kept the same value
 * for `frames` consecutive animation frames: a smooth scroll that has settled.
 */
export async function settled(read, { initial, frames = 12, timeout = 5000 } = {}) {
  const start = performance.now();
  let last = read();
  let same = 0;
  while (same < frames || (initial !== undefined && Math.abs(last - initial) < 0.5)) {
    if (performance.now() - start > timeout) throw new Error(`value did not settle (last ${last})`);
    await nextFrame();
    const now = read();
    same = Math.abs(now - last) < 0.5 ? same + 1 : 0;
    last = now;
  }
  return last;
}

/** Scroll the window without animation. */
export function jumpTo(y) {
  window.scrollTo({ top: y, behavior: 'instant' });
}

/** Centre of an element's box, in viewport coordinates (what sendMouse takes). */
export function centre(node) {
  const r = node.getBoundingClientRect();
  return { x: Math.round(r.left + r.width / 2), y: Math.round(r.top + r.height / 2) };
}
