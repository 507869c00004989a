/**
 * Stories other than the default: from a story file (`src`, served by ./story-fixtures.mjs) and
 * from the `story` property. A good one shows its own words, logo and photo and none of
 * Redcliffe's; a bad one shows a short alert in the element's own box, says why once on the
 * console (the URL and the fields) and leaves the host page as it was.
 */
import { expect, fixture, html, nextFrame, waitUntil } from '@open-wc/testing';
import { HEADLINE, STORY_PATH, TAG, collectPageErrors, goTo, spyConsole, text } from './helpers.js';
import { storyUnavailable } from '../../../src/shared/content/story-status.ts';
import sample from '../../../demo/stories/northwind-clinics.json';
import { REDCLIFFE_WORDS, thirdStory } from '../../stories/third-story.mjs';

const THIRD = thirdStory(sample);
const THIRD_URL = '/__stories/quillfeather-books.json';
const absolute = (path) => new URL(path, location.href).href;

const $ = (el, selector) => el.shadowRoot.querySelector(selector);
const headline = (el) => text($(el, 'h1'));

/** Wait until `el` shows the story whose headline is `words`, its lazy sections included. */
async function shows(el, words) {
  await waitUntil(() => headline(el) === words, `never showed "${words}" (shows ${el.shadowRoot.innerHTML.slice(0, 300)})`, { timeout: 5000 });
  await waitUntil(() => $(el, '#leadership-perspective') && $(el, '#cta') && $(el, 'nav'), 'the lazy sections never appeared', { timeout: 5000 });
}

/** Wait until `el` shows its alert. */
const failed = (el) => waitUntil(() => $(el, '[role="alert"]'), 'no alert in the element', { timeout: 5000 });

/** Story files this page asked for (the browser's own record of its requests). */
const storyRequests = () =>
  performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((name) => name.includes('/__stories/'));

/** A few frames and a macrotask: time for a second console message, if one were coming. */
async function quietly() {
  for (let i = 0; i < 5; i++) await nextFrame();
  await new Promise((resolve) => setTimeout(resolve, 100));
}

describe('a story from src or the story property', () => {
  let error;
  let page;
  beforeEach(async () => {
    await nextFrame();
    goTo(STORY_PATH);
    error = spyConsole('error');
    page = collectPageErrors();
  });
  afterEach(() => {
    error.restore();
    page.stop();
  });

  // First in this file: nothing before it has loaded a story chunk.
  it('without src or story: the default story, no story request and neither story chunk', async () => {
    const el = await fixture(html`<redcliffe-case-study></redcliffe-case-study>`);
    await shows(el, HEADLINE);
    const chunks = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => /\/(story-source|check-story)-/.test(name));
    expect(chunks, 'story chunks').to.deep.equal([]);
    expect(storyRequests()).to.deep.equal([]);
    expect($(el, 'input[name="story"]').value, "the no-JS form's story").to.equal('redcliffe-labs');
  });

  it("a story file from src: its words, logo and photo (read against the file's URL), none of Redcliffe's", async () => {
    const el = await fixture(html`<redcliffe-case-study src=${THIRD_URL}></redcliffe-case-study>`);
    await shows(el, THIRD.hero.headline);
    const words = el.shadowRoot.textContent;
    for (const word of REDCLIFFE_WORDS) expect(words, word).to.not.contain(word);
    expect(words).to.contain('Morgan Quill');
    expect(words).to.contain(THIRD.testimonial.quote);
    expect($(el, '.page').getAttribute('aria-label')).to.contain('Quillfeather Books');

    const logo = $(el, '.hero__logo');
    expect(logo.src).to.equal(absolute('/__stories/quillfeather-logo.svg'));
    expect(logo.alt).to.equal('Quillfeather Books');
    await logo.decode();
    expect(logo.naturalWidth, 'the logo loaded').to.be.greaterThan(0);
    const photo = $(el, '.testimonial__avatar img');
    expect(photo.getAttribute('src')).to.equal(absolute('/__stories/people/morgan-quill.svg'));

    expect($(el, 'input[name="story"]').value, "the no-JS form's story").to.equal('quillfeather-books');
    expect(error.messages()).to.deep.equal([]);
    expect(page.errors).to.deep.equal([]);
  });

  const BAD_FILES = [
    { name: 'a missing file (404)', src: '/__stories/missing.json', says: ['could not be fetched', 'answered 404'] },
    { name: 'a file that is not JSON (an HTML page)', src: '/__stories/not-json.json', says: ['is not JSON'] },
    {
      name: 'a file that is not a valid story',
      src: '/__stories/invalid.json',
      says: ['is not a valid story', 'hero.headline: required', 'impact.cards[2].value: must be a string'],
    },
  ];

  for (const { name, src, says } of BAD_FILES) {
    it(`${name}: an alert in the element's own box, one console error naming the URL and why, the host page untouched`, async () => {
      const host = await fixture(html`
        <div class="host-page">
          <h2 id="host-title">The host's own heading</h2>
          <redcliffe-case-study src=${src}></redcliffe-case-study>
          <p id="host-after">The host's paragraph after the element.</p>
        </div>
      `);
      const el = host.querySelector(TAG);
      const before = { title: document.title, lang: document.documentElement.lang, scroll: window.scrollY, sheets: document.adoptedStyleSheets.length };
      const around = [...host.children].filter((node) => node !== el).map((node) => node.outerHTML);
      await failed(el);
      await quietly();

      const alert = $(el, '[role="alert"]');
      expect(text(alert)).to.equal(storyUnavailable);
      expect($(el, 'h1'), 'not the 404 page, not a story').to.equal(null);
      // In the element's own box, which has room for it (not a blank or collapsed box).
      const box = el.getBoundingClientRect();
      const said = alert.getBoundingClientRect();
      expect(box.height, "the element's height").to.be.greaterThan(said.height);
      expect(said.top >= box.top && said.bottom <= box.bottom && said.left >= box.left && said.right <= box.right, 'the alert inside the element').to.equal(
        true,
      );
      expect(alert.closest('[lang]').getAttribute('lang'), "in the element's language").to.equal('en');

      expect(error.calls, 'one console error').to.have.length(1);
      const [message] = error.messages();
      expect(message).to.contain(`<${TAG}>`);
      expect(message).to.contain(absolute(src));
      for (const words of says) expect(message).to.contain(words);

      expect({ title: document.title, lang: document.documentElement.lang, scroll: window.scrollY, sheets: document.adoptedStyleSheets.length }).to.deep.equal(
        before,
      );
      expect(
        [...host.children].filter((node) => node !== el).map((node) => node.outerHTML),
        "the host's nodes",
      ).to.deep.equal(around);
      expect(page.errors, 'nothing thrown at the page').to.deep.equal([]);
    });
  }

  it('two elements on one page show two stories, each sending its own story id', async () => {
    const host = await fixture(html`
      <div>
        <redcliffe-case-study id="second" src="/__stories/northwind-clinics.json"></redcliffe-case-study>
        <redcliffe-case-study id="default"></redcliffe-case-study>
      </div>
    `);
    const second = host.querySelector('#second');
    const first = host.querySelector('#default');
    await shows(second, sample.hero.headline);
    await shows(first, HEADLINE);
    expect($(second, '.testimonial__name').textContent).to.equal(sample.testimonial.person.name);
    expect($(first, '.testimonial__name').textContent).to.equal('Ananya Mehra');
    expect($(second, 'input[name="story"]').value).to.equal('northwind-clinics');
    expect($(first, 'input[name="story"]').value).to.equal('redcliffe-labs');
    expect(error.messages()).to.deep.equal([]);
  });

  it('the story property: the object shown (before src), checked, and the default story back when unset', async () => {
    const requestsBefore = storyRequests().length;
    const el = document.createElement(TAG);
    el.story = THIRD;
    el.setAttribute('src', '/__stories/missing.json');
    const holder = await fixture(html`<div></div>`);
    holder.append(el);
    await shows(el, THIRD.hero.headline);
    expect(el.story).to.equal(THIRD);
    expect(storyRequests(), 'no file fetched for the property, nor for src beside it').to.have.length(requestsBefore);

    el.removeAttribute('src');
    el.story = undefined;
    await shows(el, HEADLINE);

    const invalid = structuredClone(THIRD);
    invalid.hero.lede = 42;
    delete invalid.customer.name;
    el.story = invalid;
    await failed(el);
    await quietly();
    expect(error.calls, 'one console error').to.have.length(1);
    expect(error.messages()[0]).to.contain('the story property is not a valid story');
    expect(error.messages()[0]).to.contain('hero.lede: must be a string');
    expect(error.messages()[0]).to.contain('customer.name: required');
    expect(page.errors).to.deep.equal([]);
  });

  it('fetches a story file once for every element that shows it', async () => {
    const name = `shared-${Date.now()}`;
    const src = `/__stories/counted/${name}.json`;
    const holder = await fixture(html`
      <div>
        <redcliffe-case-study src=${src}></redcliffe-case-study>
        <redcliffe-case-study src=${src}></redcliffe-case-study>
      </div>
    `);
    const [first, second] = holder.querySelectorAll(TAG);
    await Promise.all([shows(first, sample.hero.headline), shows(second, sample.hero.headline)]);
    // One more, later, with the address written another way (absolute, with a #fragment).
    const third = document.createElement(TAG);
    third.setAttribute('src', `${absolute(src)}#again`);
    holder.append(third);
    await shows(third, sample.hero.headline);
    const asked = await (await fetch(`/__stories/requests/${name}`)).text();
    expect(Number(asked), 'requests for the file').to.equal(1);
  });
});
