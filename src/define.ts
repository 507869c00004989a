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
  const existing = customElements.get(TAG) as (CustomElementConstructor & { version?: string }) | undefined;
  if (existing) {
    console.warn(
      `<${TAG}>: this script was loaded more than once; keeping the definition already registered` +
        ` (version ${existing.version ?? 'unknown'}), ignoring this copy (version ${VERSION}). Include the script tag once per page.`,
    );
    return;
  }
  customElements.define(TAG, createCaseStudyElement());
}
