import { BUILD_FLAVOUR } from './build-flavour.js';
import { createCaseStudyElement } from './element.js';
import { TAG } from './tag.js';
import { VERSION } from './version.js';

export { TAG };

/**
 * Said when an app imports `redcliffe-case-study/react-app` and another entry (its bundler ships both
 * builds and two Reacts). Only the React-app build carries these words (in the standalone build
 * the branches naming them are dead code, so its first download stays within budget): loaded first,
 * it leaves them on its constructor for the other build to say.
 */
const TWO_BUILDS =
  `<${TAG}>: both 'redcliffe-case-study/react-app' and another entry of the package ('redcliffe-case-study', '/react', '/vue', '/svelte', '/preact' or '/solid')` +
  ' are imported, so the page loads the element and React twice and keeps the first one.' +
  " In a React 19 app import only 'redcliffe-case-study/react-app' (it registers the element and types the bare tag); elsewhere drop '/react-app'.";

/**
 * Register `<redcliffe-case-study>` once. Safe to import during server-side rendering (does
 * nothing without `customElements`) and safe to load twice (a CMS page with the snippet pasted
 * twice): the second copy keeps the first definition and says so once.
 */
export function defineCaseStudy(): void {
  if (typeof customElements === 'undefined') return;
  const existing = customElements.get(TAG) as (CustomElementConstructor & { version?: string; twoBuilds?: string }) | undefined;
  if (existing) {
    const twice =
      `<${TAG}>: this script was loaded more than once; keeping the definition already registered` +
      ` (version ${existing.version ?? 'unknown'}), ignoring this copy (version ${VERSION}). Include the script tag once per page.`;
    // The React-app build after another build; or another build after the React-app build.
    console.warn(BUILD_FLAVOUR === 'react-app' ? (existing.twoBuilds ? twice : TWO_BUILDS) : (existing.twoBuilds ?? twice));
    return;
  }
  const element = createCaseStudyElement();
  if (BUILD_FLAVOUR === 'react-app') Object.defineProperty(element, 'twoBuilds', { value: TWO_BUILDS });
  customElements.define(TAG, element);
}
