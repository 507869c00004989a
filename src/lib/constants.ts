/**
 * Business constants of the spec, one definition each. Those only one lazy part uses live beside it,
 * so the first download does not carry them: the tooltip's timings in tooltip-timing.ts, the data
 * fetching defaults in fetching.ts, the "still working" delay in lead-form.ts.
 */

export { TAG } from '../tag.js';

export const DEFAULT_BASE = '/case-study/redcliffe-labs';
export const DEFAULT_ENDPOINT = '/api/download-case-study/';

export const MOBILE_BREAKPOINT_PX = 768;

export const SLIDER = { min: 1, max: 99, initial: 50, step: 5, pageStep: 10 } as const;

/** Ids the page can scroll to besides its anchors. */
export const TOP = 'top';

export const SCROLL = {
  headerOffsetPx: 80,
  retries: 5,
  retryDelayMs: 200,
  validationDelayMs: 300,
} as const;

/** Fade-in thresholds: whole sections reveal at 0.1, small cards wait for 0.2 of themselves. */
export const FADE_THRESHOLD = { mobile: 0.05, section: 0.1, card: 0.2 } as const;

/** Server-rendered HTML: the stylesheet's file name beside the bundle, and the attribute naming the version that rendered it. */
export const STYLESHEET_FILE = 'redcliffe-case-study.css';
export const RENDERED_VERSION_ATTRIBUTE = 'data-rcs-version';
/** Server-rendered HTML: the attribute naming the view the server rendered (`story` or `not-found`), which hydration renders first. */
export const RENDERED_VIEW_ATTRIBUTE = 'data-rcs-view';
/** Server-rendered HTML of a story given to `renderCaseStudy({ story })`: the JSON script holding it, which hydration reads (the default story needs none). */
export const RENDERED_STORY_ATTRIBUTE = 'data-rcs-story';
/**
 * Server-rendered HTML: while the element has this attribute it does not hydrate; removing it
 * hydrates it (the community `defer-hydration` convention for server-rendered custom elements).
 */
export const DEFER_HYDRATION_ATTRIBUTE = 'defer-hydration';

/** The plain form's id (CtaSection/NoScriptForm.tsx): without JavaScript the hero's offer submits it (Hero.tsx), and the browser shows its first empty field. */
export const DOWNLOAD_FORM_ID = 'download-form';
