/**
 * The server-rendered story's first paint with its styles inline (renderCaseStudy's
 * `styles: 'inline'`): whole pages from ./fixtures.mjs in a frame, as a browser gets them from a
 * server, some with a stylesheet the server holds back, some under a strict CSP.
 */
import { expect, nextFrame, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { HEADLINE, TAG, text } from '../element/helpers.js';

/** A fixture page in a visible frame; resolves once its document exists (not its load: a stylesheet may be held back). */
async function openFrame(name) {
  const frame = document.createElement('iframe');
  frame.className = 'paint-frame';
  frame.style.cssText = 'width:1024px;height:768px;border:0;display:block';
  frame.src = `/__ssr/paint/${name}/`;
  document.body.append(frame);
  await waitUntil(() => frame.contentDocument?.querySelector(TAG)?.shadowRoot, 'the page never arrived', { timeout: 10_000 });
  return frame;
}

const painted = (frame) => frame.contentWindow.performance.getEntriesByType('paint').some((entry) => entry.name === 'first-contentful-paint');
const heldCount = async () => Number(await (await fetch('/__ssr/held-count')).text());
/** The hero headline's computed style: the stylesheet's values (tightened letter-spacing, no margin) or the browser's defaults. */
const headlineStyle = (frame, element) => frame.contentWindow.getComputedStyle(element.shadowRoot.querySelector('h1'));
const styled = (frame, element) => headlineStyle(frame, element).letterSpacing !== 'normal' && headlineStyle(frame, element).marginTop === '0px';

describe('server-rendered story, styles inline: first paint', () => {
  before(() => setViewport({ width: 1280, height: 900 }));
  // Nothing held from an earlier page counts for the next one.
  beforeEach(() => fetch('/__ssr/held/release'));
  afterEach(async () => {
    document.querySelectorAll('.paint-frame').forEach((frame) => frame.remove());
    await fetch('/__ssr/held/release');
  });

  it('paints the story styled while the stylesheet request is held back', async () => {
    const frame = await openFrame('inline-held');
    const [first] = frame.contentDocument.querySelectorAll(TAG);
    await waitUntil(() => painted(frame), 'the story was not painted while the stylesheet was held back', { timeout: 10_000 });
    expect(await heldCount(), 'the stylesheet request is still unanswered').to.be.at.least(1);
    expect(text(first.shadowRoot.querySelector('h1'))).to.equal(HEADLINE);
    expect(styled(frame, first), 'the headline has the stylesheet rules').to.equal(true);
    expect(first.shadowRoot.querySelector('h1').getBoundingClientRect().height).to.be.greaterThan(0);
  });

  it('control: with the stylesheet linked and held back, nothing paints', async () => {
    const frame = await openFrame('link-held');
    await waitUntil(async () => (await heldCount()) >= 1, 'the stylesheet was never requested', { timeout: 10_000 });
    for (let i = 0; i < 10; i++) await nextFrame();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(painted(frame), 'painted before its stylesheet').to.equal(false);
    await fetch('/__ssr/held/release');
    await waitUntil(() => painted(frame), 'painted once the stylesheet came', { timeout: 10_000 });
  });
});

describe('server-rendered story, styles inline, under a strict CSP', () => {
  before(() => setViewport({ width: 1280, height: 900 }));
  afterEach(() => document.querySelectorAll('.paint-frame').forEach((frame) => frame.remove()));

  it("the published hash (dist/integrity.json's styleSrc) allows the <style>; hydration and the page stay clean", async () => {
    const styleSrc = await (await fetch('/__ssr/style-src')).text();
    expect(styleSrc).to.match(/^'sha256-[\w+/]{43}='$/);
    const response = await fetch('/__ssr/paint/csp-published/');
    expect(response.headers.get('content-security-policy')).to.contain(`style-src 'self' ${styleSrc};`);
    const frame = await openFrame('csp-published');
    const element = frame.contentDocument.querySelector(TAG);
    await waitUntil(() => styled(frame, element), 'the inline styles were not applied', { timeout: 5000 });
    // Hydrated: the element keeps the <style> and adopts only the rules it lacks.
    await waitUntil(() => element.shadowRoot.adoptedStyleSheets.length === 1, 'never hydrated', { timeout: 10_000 });
    expect(element.shadowRoot.querySelector('style')?.isConnected, 'the <style> stays').to.equal(true);
    expect(styled(frame, element), 'still styled after hydration').to.equal(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const win = frame.contentWindow;
    expect(win.__violations, JSON.stringify(win.__violations)).to.deep.equal([]);
    expect(
      win.__layoutShifts.reduce((sum, shift) => sum + shift.value, 0),
      'CLS through hydration',
    ).to.equal(0);
  });

  it('control: a wrong hash blocks the <style> and the violation is reported', async () => {
    const frame = await openFrame('csp-wrong');
    const element = frame.contentDocument.querySelector(TAG);
    await waitUntil(() => frame.contentWindow.__violations?.length, 'no violation reported', { timeout: 5000 });
    expect(frame.contentWindow.__violations[0].effective).to.equal('style-src-elem');
    expect(styled(frame, element), 'styled although blocked').to.equal(false);
  });
});

describe('fifty server-rendered elements', () => {
  before(() => setViewport({ width: 1280, height: 900 }));
  afterEach(() => document.querySelectorAll('.paint-frame').forEach((frame) => frame.remove()));

  it('carry the CSS once: one <style>, one stylesheet download, kept through hydration (as each comes near) beside one small adopted sheet', async () => {
    const html = await (await fetch('/__ssr/paint/fifty/')).text();
    expect(html.match(/<style/g), '<style> elements in the HTML').to.have.length(1);
    expect(html.match(/<link rel="stylesheet"/g), 'links to the one stylesheet').to.have.length(49);
    const frame = await openFrame('fifty');
    const win = frame.contentWindow;
    await waitUntil(() => frame.contentDocument.readyState === 'complete', 'the page never loaded', { timeout: 15_000 });
    const elements = [...frame.contentDocument.querySelectorAll(TAG)];
    expect(elements).to.have.length(50);
    const inline = elements.flatMap((element) => [...element.shadowRoot.querySelectorAll('style')]);
    expect(inline.length, '<style> elements before hydration').to.be.at.most(1);
    const downloads = win.performance.getEntriesByType('resource').filter((entry) => entry.name.endsWith('/redcliffe-case-study.css'));
    expect(downloads, 'stylesheet downloads').to.have.length(1);
    for (const element of elements) expect(styled(frame, element), 'every story styled').to.equal(true);
    // Hydrated near the viewport at idle: the story on the frame's first screen, not the last one far
    // below it until the frame scrolls there. Each hydrated story keeps its server styles and adopts
    // the one sheet of the rules those lack (the dialog's), none of them parsed a second time.
    const hydrated = (element) => element.shadowRoot.adoptedStyleSheets.length === 1;
    const frameIdle = () => new Promise((resolve) => win.requestIdleCallback(resolve, { timeout: 3000 }));
    await waitUntil(() => hydrated(elements[0]), 'the first story never hydrated', { timeout: 20_000 });
    for (let i = 0; i < 3; i++) await frameIdle();
    const last = elements.at(-1);
    expect(hydrated(last), 'the last story, far below the first screen, hydrated at idle').to.equal(false);
    expect(elements.filter(hydrated).length, 'stories hydrated without scrolling').to.be.at.most(2);
    last.scrollIntoView({ behavior: 'instant' });
    await waitUntil(() => hydrated(last), 'the last story never hydrated once scrolled to', { timeout: 20_000 });
    const sheet = elements[0].shadowRoot.adoptedStyleSheets[0];
    expect(last.shadowRoot.adoptedStyleSheets[0], 'the same one sheet').to.equal(sheet);
    expect(
      elements.every((element) => element.shadowRoot.querySelector('style, link[rel="stylesheet"]')),
      'server styles kept',
    ).to.equal(true);
    const serverRules = new Set([...elements[0].shadowRoot.querySelector('style').sheet.cssRules].map((rule) => rule.cssText));
    expect([...sheet.cssRules].filter((rule) => serverRules.has(rule.cssText)).length, 'rules parsed twice').to.equal(0);
    for (const element of elements) expect(styled(frame, element), 'every story still styled').to.equal(true);
    expect(win.__violations).to.deep.equal([]);
  });
});
