/**
 * Server-rendered HTML read without JavaScript: the page is put in a same-origin iframe whose
 * sandbox does not allow scripts, so `@media (scripting: none)` applies as in a browser with
 * JavaScript off, and the test reads its DOM and layout.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import { STORY_PATH, TAG, text } from '../element/helpers.js';
import defaultStory from '../../../src/shared/story/stories/redcliffe-labs.json';

/** The story rendered by the server, in a frame where scripts do not run; resolves to its shadow root. */
export async function noScriptStory(query = '', { width = 1280, height = 2000, forms = false } = {}) {
  const html = await (await fetch(`/__ssr/element?path=${encodeURIComponent(STORY_PATH)}${query}`)).text();
  const frame = document.createElement('iframe');
  frame.className = 'no-js-frame';
  // allow-forms: a form may be checked (and would be sent): only for a test that presses a form's button.
  frame.setAttribute('sandbox', forms ? 'allow-same-origin allow-forms' : 'allow-same-origin');
  frame.style.cssText = `width:${width}px;height:${height}px;border:0;display:block`;
  frame.srcdoc = `<!doctype html><html lang="en"><head><meta charset="utf-8"><base href="${location.origin}/"></head><body style="margin:0">${html}</body></html>`;
  document.body.append(frame);
  await new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  const root = frame.contentDocument.querySelector(TAG).shadowRoot;
  // The stylesheet link has loaded (the form is shown only by its scripting: none rules).
  await waitUntil(() => frame.contentWindow.getComputedStyle(root.querySelector('.cta__form')).display === 'grid', 'stylesheet', { timeout: 5000 });
  return { frame, root };
}

describe('server-rendered story without JavaScript', () => {
  before(() => setViewport({ width: 1300, height: 900 }));
  afterEach(() => document.querySelectorAll('.no-js-frame').forEach((frame) => frame.remove()));

  it('privacy-url puts one line under the plain form, with a link to the notice', async () => {
    const { frame, root } = await noScriptStory('&privacyUrl=%2Fprivacy-notice');
    expect(frame.contentWindow.matchMedia('(scripting: none)').matches, 'scripts off').to.equal(true);
    const form = root.querySelector('form.cta__form');
    const line = form.querySelector('.privacy');
    expect(line, 'privacy line in the form').to.not.equal(null);
    expect(line.checkVisibility()).to.equal(true);
    expect(text(line)).to.contain('We use your details to send you this case study');
    const link = line.querySelector('a');
    expect(text(link)).to.equal('Privacy notice');
    expect(link.getAttribute('href')).to.equal('/privacy-notice');
    const submit = form.querySelector('button[type="submit"]');
    expect(line.getBoundingClientRect().top, 'below the button').to.be.at.least(submit.getBoundingClientRect().bottom);
  });

  it("the hero's offer shows and takes the visitor to the form's first field; the read-more button, which could not scroll, does not (issue 43)", async () => {
    const { frame, root } = await noScriptStory('', { width: 1280, height: 900, forms: true });
    const buttons = [...root.querySelectorAll('.hero__actions button')];
    const shown = buttons.filter((button) => button.checkVisibility());
    expect(shown.map((button) => text(button))).to.deep.equal([defaultStory.hero.download]);
    const form = root.querySelector('.cta__form');
    expect(shown[0].form, 'the offer submits the plain form').to.equal(form);
    const first = form.querySelector('input:not([type="hidden"]):not([tabindex="-1"])');
    expect(first.getBoundingClientRect().top, 'the form is screens below').to.be.greaterThan(frame.contentWindow.innerHeight);
    shown[0].click();
    await waitUntil(() => root.activeElement === first, 'the first field never took focus');
    const box = first.getBoundingClientRect();
    console.log(`[measure] no-JS hero offer: focus on "${first.name}", now at ${Math.round(box.top)} px of a ${frame.contentWindow.innerHeight} px frame`);
    expect(box.top).to.be.within(0, frame.contentWindow.innerHeight);
  });

  it('without privacy-url, no line', async () => {
    const { root } = await noScriptStory();
    expect(root.querySelector('.privacy')).to.equal(null);
  });
});
