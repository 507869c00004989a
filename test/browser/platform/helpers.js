/**
 * Helpers for the platform tests (not a test file): fixture iframes served by ./fixtures.mjs.
 */
import { waitUntil } from '@open-wc/testing';

export const HEADLINE = 'Redcliffe Labs Achieves 22% Higher Customer Satisfaction with WhatsApp Calling';

/** Loads `src` in a 1024×768 iframe and resolves with it once its document has loaded. */
export async function loadFrame(src) {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'width:1024px;height:768px;border:0;display:block';
  const loaded = new Promise((resolve, reject) => {
    frame.addEventListener('load', resolve, { once: true });
    frame.addEventListener('error', reject, { once: true });
  });
  frame.src = src;
  document.body.append(frame);
  await loaded;
  return frame;
}

/** The element's h1 in its shadow root, once it has rendered. */
export async function headlineIn(element, timeout = 10_000) {
  await waitUntil(() => element.shadowRoot?.querySelector('h1'), 'the element never rendered its h1', { timeout });
  return element.shadowRoot.querySelector('h1');
}

/** Both lazy sections swapped their "Loading..." placeholders for content. */
export async function lazySectionsLoaded(element, timeout = 10_000) {
  await waitUntil(
    () => element.shadowRoot?.querySelector('.cta, #cta') && element.shadowRoot.querySelector('.jump-nav') && !element.shadowRoot.querySelector('.placeholder'),
    'the lazy sections never replaced their placeholders',
    { timeout },
  );
}
