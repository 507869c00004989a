/**
 * `redcliffe-case-study/ssr`: the element rendered on the server, for Node and Fetch-API runtimes
 * (Workers, Deno, edge functions). Built apart from the browser bundle (dist/ssr.js), with the
 * same React, so the browser hydrates exactly what was rendered here.
 */
// The edge build: plain web APIs, and nothing at module level that keeps a Node process alive.
import { renderToString } from 'react-dom/server.edge';
import { ATTRIBUTE_OF_PROP, type RedcliffeCaseStudyAttributeProps } from './attributes.generated.js';
import { App } from './components/App/App.js';
import { Prerendered } from './components/App/Prerendered.js';
import { AssetsBase } from './components/App/AssetsBase.js';
import * as ctaSectionChunk from './components/CtaSection/CtaSection.js';
import * as jumpNavChunk from './components/JumpNav/JumpNav.js';
import { loadDrawings } from './components/Illustrations/Art.js';
import * as drawingsChunk from './components/Illustrations/drawings.js';
import { LAZY_SECTIONS, type LazySectionModule, type LazySectionName } from './components/LazySection/lazy-sections.js';
import * as belowHeroChunk from './components/StoryPage/BelowHero.js';
import { normalizeAssetsUrl, requestPath } from './lib/assets-url.js';
import { RENDERED_STORY_ATTRIBUTE, RENDERED_VERSION_ATTRIBUTE, RENDERED_VIEW_ATTRIBUTE, STYLESHEET_FILE, TAG } from './lib/constants.js';
import { trustStory } from './components/App/useShownStory.js';
import { checkStory, type Story } from './shared/story/check-story.js';
import { escapeAttribute } from './shared/html.js';
import { serverCss } from './styles/server-sheet.js';
import { VERSION } from './version.js';

// The browser loads the lazy sections (lazy-sections.ts) and the drawings as chunks; the server has
// them at once and renders them in the HTML. TypeScript asks for a section added to the registry.
const sectionChunks: { [N in LazySectionName]: LazySectionModule<N> } = { 'below-hero': belowHeroChunk, cta: ctaSectionChunk, 'jump-nav': jumpNavChunk };
for (const name of Object.keys(LAZY_SECTIONS) as LazySectionName[]) LAZY_SECTIONS[name].provide(sectionChunks[name] as never);
// The drawings too: the story's first view looks the same without JavaScript and before hydration.
loadDrawings.provide(drawingsChunk);

/**
 * The element's attributes as props (generated from the manifest); `defer-hydration` is the page's
 * own, to set and remove; `src` is not rendered: the server renders the story itself (`story`).
 */
type AttributeOptions = Omit<RedcliffeCaseStudyAttributeProps, 'deferHydration' | 'src'>;
/** Each attribute option and the attribute it renders, in the manifest's order. */
const ATTRIBUTE_OPTIONS = Object.entries(ATTRIBUTE_OF_PROP).filter(([prop]) => prop !== 'deferHydration' && prop !== 'src') as [
  keyof AttributeOptions,
  string,
][];

/** JSON inside a <script>: nothing in it can end the element or open a comment. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/** The element's attributes (`base`, `endpoint`, `formUrl`, …: as the element's properties name them), and where and how to render it. */
export interface RenderCaseStudyOptions extends AttributeOptions {
  /**
   * The story to render (a story file's object, as `redcliffe-case-study/story.schema.json`
   * describes it); absent, the default story. Checked first: an invalid one throws, naming each
   * field. The browser hydrates the same object (it travels in the HTML), without fetching it.
   */
  story?: Story;
  /**
   * The request's path: the story for `base` itself, the 404 page for anything else under it.
   * Without `base`: the story at any path except below `/case-study/redcliffe-labs`.
   */
  path: string;
  /** The folder serving the bundle, absolute or root-relative; the stylesheet is linked from there. */
  assetsUrl: string;
  /**
   * How the shadow root gets its styles. `'link'` (default): a `<link rel="stylesheet">` to
   * `redcliffe-case-study.css` in `assetsUrl`; nothing inline, so `style-src 'self'` (or the
   * assets' origin) allows it, but the story paints only once that file has loaded. `'inline'`:
   * the same rules in a `<style>` inside the shadow root, so the story paints with the HTML, no
   * round trip; a strict CSP allows it by its hash (`styleSrc` in dist/integrity.json). On a page
   * with several elements, inline the first and link the rest: they share one download.
   */
  styles?: 'link' | 'inline';
}

export interface RenderedCaseStudy {
  /** The complete element: `<redcliffe-case-study …><template shadowrootmode="open">…</template></redcliffe-case-study>`. */
  html: string;
  /** 200 for the story, 404 for any other path (answer the request with it). */
  status: 200 | 404;
}

/**
 * The element with its shadow root as Declarative Shadow DOM: everything a visitor reads, styled by
 * the linked stylesheet or by the same rules inline (see `styles`; never a `style=""` attribute),
 * readable without JavaScript. The element's script, when it runs, hydrates it in place.
 */
export function renderCaseStudy(options: RenderCaseStudyOptions): RenderedCaseStudy {
  let story: Story | undefined;
  if (options.story !== undefined) {
    const checked = checkStory(options.story);
    if (!checked.ok) throw new TypeError(`renderCaseStudy: the story is not valid: ${checked.problems.join('; ')}`);
    story = checked.story;
    trustStory(story);
  }
  const attributeProps = Object.fromEntries(ATTRIBUTE_OPTIONS.map(([prop]) => [prop, options[prop]])) as AttributeOptions;
  const assetsBase = normalizeAssetsUrl(options.assetsUrl);
  const stylesheet = `${assetsBase}/${STYLESHEET_FILE}`;
  const ssrContext: { status?: 200 | 404; view?: 'story' | 'not-found' } = {};
  const inner = renderToString(
    <Prerendered.Provider value={true}>
      <AssetsBase.Provider value={assetsBase}>
        <App
          {...attributeProps}
          story={story}
          pdfOnFailure={attributeProps.pdfOnFailure || undefined}
          ssrPath={requestPath(options.path)}
          ssrContext={ssrContext}
        />
      </AssetsBase.Provider>
    </Prerendered.Provider>,
  );
  const attributes = ATTRIBUTE_OPTIONS.map(([prop, name]) => {
    const value = options[prop];
    return [name, value === true ? '' : value];
  })
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('');
  // The first child names the version and view that rendered it; hydration reads it, then removes
  // it once the element has adopted the same rules as a constructed sheet.
  const marker = `${RENDERED_VERSION_ATTRIBUTE}="${escapeAttribute(VERSION)}" ${RENDERED_VIEW_ATTRIBUTE}="${ssrContext.view ?? 'story'}"`;
  const styles =
    options.styles === 'inline' ? `<style ${marker}>${serverCss}</style>` : `<link rel="stylesheet" href="${escapeAttribute(stylesheet)}" ${marker}>`;
  const storyData = story ? `<script type="application/json" ${RENDERED_STORY_ATTRIBUTE}>${scriptJson(story)}</script>` : '';
  const html = `<${TAG}${attributes}><template shadowrootmode="open">${styles}${storyData}${inner}</template></${TAG}>`;
  return { html, status: ssrContext.status ?? 200 };
}
