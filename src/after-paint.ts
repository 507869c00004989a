/**
 * `dist/after-paint.js`: the script tag for pages whose HTML already holds the server-rendered
 * story (renderCaseStudy, or the pasted dist/redcliffe-case-study.html). It loads the element
 * (`./redcliffe-case-study.js`) once the browser has painted that HTML, so evaluating the element's
 * module never delays the story's first paint; at the visitor's first press, key or focus before
 * then, it loads at once. A hidden tab loads it at once (there is no paint to wait for).
 * On pages that render the element in the browser, load `redcliffe-case-study.js` itself.
 */
import { INTERACTIONS } from './lib/interactions.js';

let started = false;

function load(): void {
  if (started) return;
  started = true;
  for (const type of INTERACTIONS) window.removeEventListener(type, load, true);
  import('./index.js').catch((error: unknown) => {
    console.error('<redcliffe-case-study>: could not load redcliffe-case-study.js beside after-paint.js; the story stays as the server rendered it, without its interactive parts.', error);
  });
}

if (document.visibilityState === 'hidden') {
  load();
} else {
  for (const type of INTERACTIONS) window.addEventListener(type, load, { capture: true, passive: true });
  // The callback of the next animation frame runs just before that frame is painted; a task queued
  // from it runs after.
  requestAnimationFrame(() => setTimeout(load));
}
