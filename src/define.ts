import { BUILD_FLAVOUR } from './build-flavour.js';
import { createCaseStudyElement } from './element.js';
import { TAG } from './tag.js';
import { VERSION } from './version.js';

export { TAG };

/**
 * Register `<redcliffe-case-study>` once. Safe to import during server-side rendering (does
 * nothing without `customElements`) and safe to load twice (a CMS page with the snippet pasted
 * twice): the second copy keeps the first definition and says so once.
 */
export function defineCaseStudy(): void {
  if (typeof customElements === 'undefined') return;
  const existing = customElements.get(TAG) as (CustomElementConstructor & { version?: string; buildFlavour?: string }) | undefined;
  if (existing && (existing.buildFlavour ?? 'standalone') !== BUILD_FLAVOUR) {
    // Two builds in one app bundle: two Reacts are downloaded and only the first element renders.
    console.warn(
      `<${TAG}>: both 'redcliffe-case-study/react-app' and another entry of the package ('redcliffe-case-study', '/react', '/vue', '/svelte', '/preact' or '/solid')` +
        ` are imported, so the page loads the element and React twice and keeps the first (${existing.buildFlavour ?? 'standalone'}).` +
        ` In a React 19 app import only 'redcliffe-case-study/react-app' (it registers the element and types the bare tag); elsewhere drop '/react-app'.`,
    );
    return;
  }
  if (existing) {
    console.warn(
      `<${TAG}>: this script was loaded more than once; keeping the definition already registered` +
        ` (version ${existing.version ?? 'unknown'}), ignoring this copy (version ${VERSION}). Include the script tag once per page.`,
    );
    return;
  }
  const element = createCaseStudyElement();
  Object.defineProperty(element, 'buildFlavour', { value: BUILD_FLAVOUR });
  customElements.define(TAG, element);
}
