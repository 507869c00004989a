/**
 * `dist/after-paint.js`: the script tag for pages whose HTML already holds the server-rendered
 * story (renderCaseStudy, or the pasted dist/redcliffe-case-study.html). It imports the element
 * (`./redcliffe-case-study.js`) after the next frame, the one that paints that HTML, so evaluating
 * the element's module never delays the story's first paint. (Like any script, it runs only once
 * the stylesheets before it have loaded, the story's own included: that frame follows at once.)
 * In a background tab, frames wait until the tab is shown, and so does the element.
 * On pages that render the element in the browser, load `redcliffe-case-study.js` itself.
 */
function load(): void {
  import('./index.js').catch((error: unknown) => {
    console.error(
      '<redcliffe-case-study>: could not load redcliffe-case-study.js beside after-paint.js; the story stays as the server rendered it, without its interactive parts.',
      error,
    );
  });
}

// Nothing to do while rendering on a server (a client component's module in Next.js, say).
// The callback of the next animation frame runs just before that frame is painted; a task queued
// from it runs after.
if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(load));
