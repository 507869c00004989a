import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { $, HEADLINE, STORY_PATH, byText, goTo, render, spyConsole, text } from './helpers.js';

const heading = (el) => text($(el, 'h1'));
const isNotFound = (el) => heading(el) === '404';
const isStory = (el) => heading(el) === HEADLINE;

function expectNotFoundPage(el) {
  expect(heading(el)).to.equal('404');
  expect(byText(el, 'p', 'Oops! Page not found'), '"Oops! Page not found"').to.exist;
  const home = byText(el, 'a', 'Return to Home');
  expect(home, '"Return to Home" link').to.exist;
  expect(home.getAttribute('href')).to.equal('/');
  expect($(el, '[role="slider"]'), 'no story on the 404 page').to.not.exist;
}

describe('routes', () => {
  let warn;
  let error;
  const logged = () => [...warn.messages(), ...error.messages()].join('\n');
  beforeEach(() => {
    warn = spyConsole('warn');
    error = spyConsole('error');
  });
  afterEach(() => {
    warn.restore();
    error.restore();
    goTo(STORY_PATH);
  });

  it('renders the story at the base path, with or without the trailing slash', async () => {
    const withSlash = await render(STORY_PATH);
    expect(heading(withSlash)).to.equal(HEADLINE);
    const without = await render(STORY_PATH.replace(/\/$/, ''));
    expect(heading(without)).to.equal(HEADLINE);
    expect(logged(), 'nothing logged for the story').to.equal('');
  });

  it('renders the 404 page for an unknown path under the base and logs the path', async () => {
    const el = await render('/case-study/redcliffe-labs/nope');
    expectNotFoundPage(el);
    await waitUntil(() => /\/nope/.test(logged()), 'the unknown path was not logged');
  });

  it('renders the 404 page for a path outside a given base and names the base attribute to set', async () => {
    const el = await render('/somewhere-else', html`<redcliffe-case-study base="/case-study/redcliffe-labs"></redcliffe-case-study>`);
    expectNotFoundPage(el);
    await waitUntil(() => /somewhere-else/.test(logged()), 'the path was not logged');
    expect(logged()).to.match(/\bbase\b.*attribute|attribute.*\bbase\b/);
  });

  it('follows the host navigating with history.pushState', async () => {
    const el = await render(STORY_PATH);
    history.pushState(null, '', '/case-study/redcliffe-labs/elsewhere');
    await waitUntil(() => isNotFound(el), 'no 404 after pushState');
    history.back();
    await waitUntil(() => isStory(el), 'no story after going back');
  });

  describe('base attribute at run time', () => {
    it('takes effect when set, tolerates a trailing slash, and removal restores the default', async () => {
      const el = await render('/other/base/', html`<redcliffe-case-study base="/somewhere"></redcliffe-case-study>`);
      expectNotFoundPage(el);

      el.setAttribute('base', '/other/base');
      await waitUntil(() => isStory(el), 'setting base did not show the story');
      expect(el.base).to.equal('/other/base');

      el.setAttribute('base', '/other/base/');
      await waitUntil(() => isStory(el), 'a trailing slash on base broke the story');

      goTo('/other/base');
      await waitUntil(() => isStory(el), 'base with slash, URL without');

      goTo('/case-study/redcliffe-labs/other');
      el.removeAttribute('base');
      await waitUntil(() => isNotFound(el), 'removing base did not restore the default (404 below it)');
      expect(el.base).to.equal('/case-study/redcliffe-labs');

      goTo(STORY_PATH);
      await waitUntil(() => isStory(el), 'default base did not show the story again');
    });

    it('reads base given in the markup', async () => {
      goTo('/stories/redcliffe/');
      const el = await fixture(html`<redcliffe-case-study base="/stories/redcliffe/"></redcliffe-case-study>`);
      await waitUntil(() => isStory(el), 'base from markup not used');
      el.base = '/nowhere';
      await waitUntil(() => isNotFound(el), 'base property did not take effect');
      expect(el.getAttribute('base')).to.equal('/nowhere');
    });
  });
});
