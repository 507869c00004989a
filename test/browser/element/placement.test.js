/**
 * Placement without configuration: an element without `base`, pasted on a page at any URL a CMS
 * gives a post (pretty permalink, `?p=`, preview, nested, query and hash), shows the story, whether
 * the browser renders it or hydrates server-rendered HTML made for another path (the pasted
 * dist/redcliffe-case-study.html). Hydration renders what the server rendered, so it never
 * mismatches; the route takes over after it.
 */
import { expect, fixture, html, nextFrame, waitUntil } from '@open-wc/testing';
import { HEADLINE, STORY_PATH, TAG, collectPageErrors, goTo, render, spyConsole, text } from './helpers.js';

/** The URL shapes a CMS gives one post, none of them under the default base. */
const CMS_URLS = [
  '/2026/11/25/redcliffe-labs-story/',
  '/?p=12',
  '/?p=12&preview=true',
  '/customers/healthcare/redcliffe/',
  '/blog/stories/?utm_source=newsletter&utm_campaign=q4#results',
];

const heading = (el) => text(el.shadowRoot.querySelector('h1'));

async function serverHtml(path, base) {
  const query = new URLSearchParams({ path, ...(base ? { base } : {}) });
  const response = await fetch(`/__ssr/element?${query}`);
  return { html: await response.text(), status: Number(response.headers.get('X-Render-Status')) };
}

/** Puts the HTML in the page as the parser handles a server's response (declarative shadow root attached). */
function insert(markup) {
  const holder = document.createElement('div');
  holder.className = 'placement-holder';
  document.body.append(holder);
  holder.setHTMLUnsafe(markup);
  return holder.querySelector(TAG);
}

const idle = () => new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 3000 }));
async function afterHydration() {
  await idle();
  await idle();
  for (let i = 0; i < 5; i++) await nextFrame();
}

describe('placement without a base', () => {
  let warn;
  let error;
  let page;
  const logged = () => [...warn.messages(), ...error.messages()];
  beforeEach(() => {
    warn = spyConsole('warn');
    error = spyConsole('error');
    page = collectPageErrors();
  });
  afterEach(async () => {
    warn.restore();
    error.restore();
    page.stop();
    document.querySelectorAll('.placement-holder').forEach((holder) => holder.remove());
    await nextFrame();
    goTo(STORY_PATH);
  });

  for (const url of CMS_URLS) {
    it(`rendered in the browser at ${url}: the story, nothing logged`, async () => {
      const el = await render(url);
      await waitUntil(() => heading(el) === HEADLINE, `no story at ${url} (h1: ${heading(el)})`);
      expect(el.shadowRoot.querySelector('.not-found'), 'no 404 page').to.equal(null);
      expect(logged()).to.deep.equal([]);
      expect(page.errors).to.deep.equal([]);
    });

    it(`server-rendered for the default base, hydrated at ${url}: the same nodes, nothing logged`, async () => {
      goTo(url);
      // What a CMS editor pastes: the story rendered once at build time, for the default base.
      const { html: markup } = await serverHtml('/case-study/redcliffe-labs');
      const el = insert(markup);
      const h1 = el.shadowRoot.querySelector('h1');
      expect(text(h1)).to.equal(HEADLINE);
      await afterHydration();
      await waitUntil(() => el.shadowRoot.adoptedStyleSheets.length === 1, 'never hydrated');
      expect(el.shadowRoot.querySelector('h1'), 'the server h1 kept: no client re-render').to.equal(h1);
      expect(el.shadowRoot.querySelector('.not-found'), 'never the 404 page').to.equal(null);
      // The one warning allowed is for whoever builds the page (no privacy-url), not about hydration.
      expect(
        logged().filter((line) => !line.includes('privacy-url')),
        'no mismatch warning, no React error',
      ).to.deep.equal([]);
      expect(page.errors).to.deep.equal([]);
    });
  }

  it('server and client agree: rendered for the URL it is served at, no base, the story and status 200', async () => {
    for (const url of CMS_URLS) {
      const { html: markup, status } = await serverHtml(url);
      expect(status, url).to.equal(200);
      expect(markup, url).to.contain('data-rcs-view="story"');
    }
  });

  it('under the default base without the attribute, routing is as before: the 404 page below it', async () => {
    const el = await render('/case-study/redcliffe-labs/no-such-page?p=12');
    expect(heading(el)).to.equal('404');
  });
});

describe('hydrating HTML rendered for another route', () => {
  let warn;
  let error;
  let page;
  beforeEach(() => {
    warn = spyConsole('warn');
    error = spyConsole('error');
    page = collectPageErrors();
  });
  afterEach(async () => {
    warn.restore();
    error.restore();
    page.stop();
    document.querySelectorAll('.placement-holder').forEach((holder) => holder.remove());
    await nextFrame();
    goTo(STORY_PATH);
  });
  const noReactError = () => {
    const all = [...warn.messages(), ...error.messages()].join('\n');
    expect(all).not.to.match(/Minified React error|does not match/);
    expect(page.errors).to.deep.equal([]);
  };

  it('the story rendered for the default base, pasted below it: hydrates the story, then shows the 404 page the route asks for', async () => {
    goTo('/case-study/redcliffe-labs/elsewhere');
    const el = insert((await serverHtml('/case-study/redcliffe-labs')).html);
    const h1 = el.shadowRoot.querySelector('h1');
    await afterHydration();
    await waitUntil(() => heading(el) === '404', 'the route did not take over after hydration');
    expect(h1.isConnected, 'the story was replaced by the route, not by a mismatch re-render').to.equal(false);
    await waitUntil(() => warn.messages().some((message) => message.includes('/elsewhere')), 'the unknown path was not logged');
    noReactError();
  });

  it('a given base the page is outside of: hydrates, then the 404 page and the hint to set base', async () => {
    goTo('/somewhere/else/');
    const el = insert((await serverHtml('/blog/story/', '/blog/story')).html);
    await afterHydration();
    await waitUntil(() => heading(el) === '404', 'a wrong base did not show the 404 page');
    await waitUntil(() => error.messages().some((message) => /base attribute/.test(message)), 'no hint naming the base attribute');
    noReactError();
  });

  it('the 404 page rendered by the server where the browser routes to the story: hydrates, then the story', async () => {
    goTo('/2026/11/25/redcliffe-labs-story/');
    const el = insert((await serverHtml('/case-study/redcliffe-labs/nope')).html);
    expect(heading(el)).to.equal('404');
    await afterHydration();
    await waitUntil(() => heading(el) === HEADLINE, 'the story did not follow hydration');
    noReactError();
  });

  it('an element added by a script (no server markup) at a CMS URL renders the story at once', async () => {
    goTo('/?p=12&preview=true');
    const el = await fixture(html`<redcliffe-case-study></redcliffe-case-study>`);
    await waitUntil(() => heading(el) === HEADLINE, 'no story');
    noReactError();
  });
});
