/**
 * What the console tells a developer about a page set up wrongly: rare, so a chunk of its own,
 * loaded only when one must be said, and the first download carries none of these words.
 */
import { anchors } from '../shared/content.js';
import { TAG } from '../tag.js';
import { VERSION } from '../version.js';

/** The element is shown at a path outside its `base` (useBaseHint). */
export const baseHint = (outsidePath: string, base: string): string =>
  `<${TAG}>: the page path "${outsidePath}" is not under base "${base}". ` +
  `Set the element's base attribute to the path it is mounted at, e.g. <${TAG} base="${outsidePath.replace(/\/$/, '') || '/'}">.`;

/** Server markup of another version than this script's (hydration). */
export const versionMismatch = (rendered: string | null): string =>
  `<${TAG}>: the server-rendered HTML is from version ${rendered ?? 'unknown'}, but this script is version ${VERSION}; ` +
  `rendering on the client instead. Render the HTML with redcliffe-case-study/ssr of the same version as the script ` +
  `(the same version in the stylesheet's and the script's URLs).`;

/** Server markup that does not match what this script renders (hydration) on this page (`path`). */
export const markupMismatch = (rendered: string | null, path = location.pathname): string =>
  `<${TAG}>: the server-rendered HTML (version ${rendered ?? 'unknown'}) does not match what this script (version ${VERSION}) ` +
  `renders on this page, so it was rendered on the client instead. Render it with renderCaseStudy() for this page's ` +
  `path (${path}) and the element's attributes.`;

/** `scrollToSection()` with an id that is no section's. */
export const unknownSection = (id: string): string =>
  `<${TAG}>: scrollToSection("${id}") is not a known section; use one of "${anchors.map((anchor) => anchor.id).join('", "')}" or "top".`;

/** A path under `base` that is no page of the story (the 404 page shows). */
export const unknownPath = (path: string, base: string): string => `<${TAG}>: no page at "${path}" under base "${base}"; showing the 404 page.`;
