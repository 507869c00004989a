/**
 * Server-rendered HTML (renderCaseStudy from dist/ssr.js, served by ./fixtures.mjs) put in the page
 * as a browser parses it from a server — Declarative Shadow DOM — and hydrated by the built bundle.
 */
import { expect, nextFrame, waitUntil } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import { HEADLINE, STORY_PATH, TAG, byText, centre, collectPageErrors, goTo, jumpTo, spyConsole, text, viewportTop } from '../element/helpers.js';
import { idle, insert, serverHtml } from './helpers.js';
import sample from '../../../demo/stories/northwind-clinics.json';
import { REDCLIFFE_WORDS, thirdStory } from '../../stories/third-story.mjs';

const THIRD = thirdStory(sample);

const VERSION = customElements.get(TAG).version;
const READ_MORE = 'Read Full Customer Story';

/**
 * Until `el` has started hydrating (it adopts its sheet then: after its chunks have arrived, which
 * takes longer than two idle periods when the test server is cold), then React's hydration work
 * and a few frames.
 */
async function afterIdle(el) {
  await waitUntil(() => el.shadowRoot.adoptedStyleSheets.length > 0, 'never started hydrating', { timeout: 10_000 });
  await idle();
  await idle();
  for (let i = 0; i < 5; i++) await nextFrame();
}

const ours = (spy) => spy.messages().filter((message) => message.includes(TAG));

describe('server-rendered HTML, hydrated', () => {
  let warn;
  let error;
  let page;
  before(() => setViewport({ width: 1280, height: 800 }));
  beforeEach(() => {
    jumpTo(0);
    goTo(STORY_PATH);
    warn = spyConsole('warn');
    error = spyConsole('error');
    page = collectPageErrors();
  });
  /** Nothing on the console or thrown, but the one warning for whoever builds the page (no privacy-url), not about hydration. */
  function expectSaidNothing() {
    expect(
      warn.messages().filter((line) => !String(line).includes('privacy-url')),
      'no warning',
    ).to.deep.equal([]);
    expect(error.messages(), 'no error').to.deep.equal([]);
    expect(page.errors).to.deep.equal([]);
  }
  afterEach(async () => {
    warn.restore();
    error.restore();
    page.stop();
    await resetMouse();
    document.querySelectorAll('.ssr-holder').forEach((holder) => holder.remove());
    await nextFrame();
  });

  it('keeps the server nodes (same h1), renders nothing twice and says nothing in the console', async () => {
    const el = insert(await serverHtml());
    const h1 = el.shadowRoot.querySelector('h1');
    const slider = el.shadowRoot.querySelector('[role="slider"]');
    const cta = el.shadowRoot.querySelector('[part="cta-button"]');
    expect(text(h1)).to.equal(HEADLINE);
    expect(el.shadowRoot.adoptedStyleSheets, 'styled by the linked stylesheet').to.have.length(0);
    await afterIdle(el);
    expect(el.shadowRoot.querySelector('h1'), 'the same h1 node').to.equal(h1);
    expect(el.shadowRoot.querySelector('[role="slider"]')).to.equal(slider);
    expect(el.shadowRoot.querySelector('[part="cta-button"]'), 'the lazy call to action hydrated in place').to.equal(cta);
    expect(el.shadowRoot.querySelectorAll('h1')).to.have.length(1);
    expect(el.shadowRoot.querySelectorAll('.hero')).to.have.length(1);
    expect(el.shadowRoot.querySelectorAll('.page')).to.have.length(1);
    // The server's stylesheet stays; beside it the root adopts only rules it lacks, none parsed twice.
    const links = el.shadowRoot.querySelectorAll('link[rel="stylesheet"]');
    expect(links, "the server's link stays").to.have.length(1);
    expect(el.shadowRoot.adoptedStyleSheets).to.have.length(1);
    const linked = new Set([...links[0].sheet.cssRules].map((rule) => rule.cssText));
    expect(linked.size).to.be.greaterThan(50);
    expect(
      [...el.shadowRoot.adoptedStyleSheets[0].cssRules].filter((rule) => linked.has(rule.cssText)),
      'rules parsed twice',
    ).to.deep.equal([]);
    expectSaidNothing();
  });

  it('styles inline: hydrates the same nodes, keeps the <style>, nothing shifts, and says nothing', async () => {
    const el = insert(await serverHtml(STORY_PATH, '&styles=inline'));
    const h1 = el.shadowRoot.querySelector('h1');
    const style = el.shadowRoot.querySelector('style');
    expect(style, 'the rules inline').to.not.equal(null);
    expect(el.shadowRoot.querySelector('link[rel="stylesheet"]')).to.equal(null);
    expect(getComputedStyle(h1).letterSpacing, 'styled before any script ran for it (the browser default is normal)').to.not.equal('normal');
    const before = h1.getBoundingClientRect();
    await afterIdle(el);
    expect(el.shadowRoot.querySelector('h1'), 'the same h1 node').to.equal(h1);
    expect(el.shadowRoot.querySelectorAll('h1')).to.have.length(1);
    expect(style.isConnected, 'the <style> stays through hydration').to.equal(true);
    expect(el.shadowRoot.adoptedStyleSheets).to.have.length(1);
    const after = h1.getBoundingClientRect();
    expect([after.top, after.left, after.width, after.height]).to.deep.equal([before.top, before.left, before.width, before.height]);
    expect(getComputedStyle(h1).letterSpacing).to.not.equal('normal');
    expect(warn.messages(), 'no warning').to.deep.equal([]);
    expect(error.messages(), 'no error').to.deep.equal([]);
    expect(page.errors).to.deep.equal([]);
  });

  it("another story given to renderCaseStudy: hydrated as the same nodes from the HTML's own copy, fetching and checking nothing, saying nothing", async () => {
    const el = insert(await serverHtml(STORY_PATH, '&story=quillfeather-books'));
    const h1 = el.shadowRoot.querySelector('h1');
    expect(text(h1)).to.equal(THIRD.hero.headline);
    const quote = el.shadowRoot.querySelector('.testimonial__quote');
    expect(text(quote)).to.equal(THIRD.testimonial.quote);
    await afterIdle(el);
    expect(el.shadowRoot.querySelector('h1'), 'the same h1 node').to.equal(h1);
    expect(el.shadowRoot.querySelector('.testimonial__quote'), 'the same quote node').to.equal(quote);
    expect(el.story, 'the story the server rendered, as the property').to.deep.equal(THIRD);
    expect(el.shadowRoot.querySelector('script'), "the story's copy taken out of the root").to.equal(null);
    const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
    expect(
      loaded.filter((name) => /\/(story-source|check-story)-|\/__stories\//.test(name)),
      'story files or chunks',
    ).to.deep.equal([]);
    for (const word of REDCLIFFE_WORDS) expect(el.shadowRoot.textContent, word).to.not.contain(word);
    expect(el.shadowRoot.querySelector('input[name="story"]').value).to.equal('quillfeather-books');
    // Hydrated: the hero's button works.
    byText(el, 'button', READ_MORE).click();
    await waitUntil(() => el.shadowRoot.activeElement?.id === 'leadership-perspective', 'the hydrated button did nothing', { timeout: 4000 });
    expectSaidNothing();
  });

  it('makes the slider, the hero button, the tooltip and the download work', async () => {
    const el = insert(await serverHtml());
    await afterIdle(el);

    const handle = el.shadowRoot.querySelector('[role="slider"]');
    handle.focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => handle.getAttribute('aria-valuenow') === '55', 'the slider did not move');

    const readMore = byText(el, 'button', READ_MORE);
    const point = centre(readMore);
    await sendMouse({ type: 'click', position: [point.x, point.y] });
    const testimonial = el.shadowRoot.getElementById('leadership-perspective');
    await waitUntil(() => Math.abs(viewportTop(testimonial) - 80) < 4, 'the hero button did not scroll to the testimonial', { timeout: 5000 });

    const link = el.shadowRoot.querySelector('#leadership-perspective a[href^="https:"]');
    const bubble = el.shadowRoot.querySelector('[role="tooltip"]');
    link.focus();
    await waitUntil(() => !bubble.hidden && bubble.checkVisibility(), 'the tooltip never opened', { timeout: 3000 });
    link.blur();

    const download = el.shadowRoot.querySelector('[part="cta-button"]');
    download.scrollIntoView({ block: 'center', behavior: 'instant' });
    const at = centre(download);
    await sendMouse({ type: 'click', position: [at.x, at.y] });
    await waitUntil(() => el.shadowRoot.querySelector('dialog')?.open, 'the download dialog did not open', { timeout: 5000 });
    expect(el.shadowRoot.querySelector('dialog input')).to.exist;
    // The form's styles come with the dialog chunk and join the sheet of client-only rules the hydrated root adopted.
    expect(getComputedStyle(el.shadowRoot.querySelector('.download__header')).display, "the dialog's own styles apply").to.equal('flex');
    expect(error.messages()).to.deep.equal([]);
  });

  it('a press before hydration is not lost: the button pressed, the slider key handled', async () => {
    const html = await serverHtml();
    const el = insert(html);
    // In the same task as the insertion, so before any idle period: nothing is hydrated yet.
    const readMore = byText(el, 'button', READ_MORE);
    readMore.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true, pointerType: 'mouse', isPrimary: true }));
    readMore.click();
    const testimonial = el.shadowRoot.getElementById('leadership-perspective');
    await waitUntil(() => Math.abs(viewportTop(testimonial) - 80) < 4, 'the early press was lost', { timeout: 5000 });

    jumpTo(0);
    const second = insert(html);
    const handle = second.shadowRoot.querySelector('[role="slider"]');
    handle.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, composed: true, cancelable: true }));
    await waitUntil(() => handle.getAttribute('aria-valuenow') === '55', 'the early key press was lost');
    expect(error.messages()).to.deep.equal([]);
  });

  it('far below the first screen: not hydrated at idle; hydrated once scrolled near, or when the page opens its download', async () => {
    const spacer = '<div style="height:300vh"></div>';
    const html = await serverHtml();
    const hydrated = (element) => element.shadowRoot.adoptedStyleSheets.length === 1;
    // A story at the top hydrates first: the chunks are there, so idle periods passing without the far one hydrating mean something.
    const near = insert(html);
    const far = insert(spacer + html);
    await afterIdle(near);
    await idle();
    await idle();
    expect(hydrated(far), 'hydrated three screens below the viewport').to.equal(false);
    far.scrollIntoView({ behavior: 'instant' });
    await waitUntil(() => hydrated(far), 'never hydrated once scrolled to', { timeout: 5000 });
    const handle = far.shadowRoot.querySelector('[role="slider"]');
    handle.focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => handle.getAttribute('aria-valuenow') === '55', 'the slider did not move');

    jumpTo(0);
    const other = insert(spacer + html);
    await idle();
    await idle();
    expect(hydrated(other)).to.equal(false);
    other.openDownload();
    await waitUntil(() => other.shadowRoot.querySelector('dialog')?.open, 'openDownload() did not open the dialog of a story not yet hydrated', {
      timeout: 5000,
    });
    expect(hydrated(other)).to.equal(true);
    expect(error.messages()).to.deep.equal([]);
  });

  it('HTML from another version: one clean client render and one warning naming both versions', async () => {
    const html = (await serverHtml()).replace(`data-rcs-version="${VERSION}"`, 'data-rcs-version="0.0.9"');
    expect(html).to.contain('data-rcs-version="0.0.9"');
    const el = insert(html);
    const serverH1 = el.shadowRoot.querySelector('h1');
    await afterIdle(el);
    const h1s = el.shadowRoot.querySelectorAll('h1');
    expect(h1s, 'never the hero twice').to.have.length(1);
    expect(h1s[0]).not.to.equal(serverH1);
    expect(text(h1s[0])).to.equal(HEADLINE);
    expect(el.shadowRoot.querySelectorAll('.hero')).to.have.length(1);
    expect(el.shadowRoot.querySelector('link[rel="stylesheet"]'), "the other version's stylesheet is gone").to.equal(null);
    expect(el.shadowRoot.adoptedStyleSheets).to.have.length(1);
    const warnings = ours(warn);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain('0.0.9').and.to.contain(VERSION);
    expect(error.messages()).to.deep.equal([]);
    // Works as a client-rendered element.
    const handle = el.shadowRoot.querySelector('[role="slider"]');
    handle.focus();
    await sendKeys({ press: 'ArrowLeft' });
    await waitUntil(() => handle.getAttribute('aria-valuenow') === '45', 'the slider did not move');
  });

  it('markup that does not match: a clean client render, never the hero twice, one warning', async () => {
    const html = (await serverHtml()).replace(/<p class="badge">[^<]*<\/p>/, '');
    const el = insert(html);
    expect(el.shadowRoot.querySelector('.badge'), 'the tampered markup lacks the badge').to.equal(null);
    await afterIdle(el);
    await waitUntil(() => el.shadowRoot.querySelector('.badge'), 'not rendered on the client');
    expect(el.shadowRoot.querySelectorAll('h1'), 'never the hero twice').to.have.length(1);
    expect(el.shadowRoot.querySelectorAll('.hero')).to.have.length(1);
    expect(el.shadowRoot.querySelectorAll('.page')).to.have.length(1);
    const warnings = ours(warn);
    expect(warnings).to.have.length(1);
    expect(warnings[0])
      .to.match(/does not match/)
      .and.to.contain(VERSION);
    expect(error.messages(), 'no React error in the console').to.deep.equal([]);
    const styled = getComputedStyle(el.shadowRoot.querySelector('h1'));
    expect(styled.letterSpacing, 'still styled').to.not.equal('normal');
  });

  it("the linked stylesheet holds exactly the adopted sheet's rules, and those for reading without JavaScript", async () => {
    const linked = new CSSStyleSheet();
    linked.replaceSync(await (await fetch('/dist/redcliffe-case-study.css')).text());
    const client = document.createElement(TAG);
    const adopted = client.shadowRoot.adoptedStyleSheets[0];
    const rules = (sheet) => [...sheet.cssRules].map((rule) => rule.cssText);
    expect(rules(linked).length).to.be.greaterThan(50);
    // The link holds the sheet's own rules and those of the sections the server renders at once (the
    // call to action, the JumpNav); once their chunks are loaded, the adopted sheet holds
    // every one of them (and whatever later chunks added, the dialog's form).
    // The rules for a page read without JavaScript are the server's alone (no-script.styles.ts).
    const scripted = rules(linked).filter((rule) => !rule.startsWith('@media (scripting: none)'));
    await waitUntil(() => scripted.every((rule) => rules(adopted).includes(rule)), 'a linked rule is missing from the adopted sheet', { timeout: 5000 });
    expect(scripted.filter((rule) => !rules(adopted).includes(rule))).to.deep.equal([]);
    expect(rules(linked).length - scripted.length, 'no-script blocks').to.be.greaterThan(0);
  });
});
