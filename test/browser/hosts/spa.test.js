import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { $, HEADER_OFFSET, HEADLINE, openHost, spyConsole, storyReady, text } from './helpers.js';

/**
 * A single-page app host (fixtures/spa.html): its links and Back/Forward switch routes with the
 * History API, and like Next.js it keeps the route it left mounted, hidden with display: none.
 * While the app is on another route the element is not what the visitor looks at: it keeps its
 * story, says nothing, and Back shows the story as it was left.
 */
describe('single-page app host', () => {
  let host;
  let element;
  let error;
  let warn;
  const logged = () => [...error.calls, ...warn.calls];

  beforeEach(async () => {
    host = await openHost('spa.html');
    element = host.element;
    await storyReady(element);
    error = spyConsole(host.win, 'error');
    warn = spyConsole(host.win, 'warn');
  });
  afterEach(() => {
    error.restore();
    warn.restore();
    host?.frame.remove();
  });

  const route = () => host.win.location.pathname;
  const storyRoute = () => host.doc.getElementById('story-route');
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('navigating away keeps the hidden element on its story, with no console noise', async () => {
    host.doc.getElementById('to-pricing').click();
    await waitUntil(() => route().endsWith('/spa/pricing'), 'the app did not navigate');
    expect(storyRoute().hidden, 'the story route is hidden, still mounted').to.equal(true);
    expect(element.isConnected).to.equal(true);
    await settle();
    expect(text($(element, 'h1')), 'still the story, not the 404 page').to.equal(HEADLINE);
    expect(logged(), 'nothing logged').to.deep.equal([]);
  });

  it('Back shows the story as the visitor left it (same page, slider where it was), Forward and Back again stay quiet', async () => {
    const handle = $(element, '[role="slider"]');
    handle.focus();
    await sendKeys({ press: 'End' });
    await waitUntil(() => handle.getAttribute('aria-valuenow') === '99', 'the slider did not move');

    host.doc.getElementById('to-pricing').click();
    await waitUntil(() => storyRoute().hidden, 'the app did not switch routes');
    await settle();
    expect(text($(element, 'h1')), 'the hidden element kept its story').to.equal(HEADLINE);
    host.win.history.back();
    await waitUntil(() => !storyRoute().hidden && route().endsWith('/spa.html'), 'Back did not return to the story route');
    await settle();
    expect(text($(element, 'h1'))).to.equal(HEADLINE);
    expect($(element, '[role="slider"]'), 'the same story, not rendered anew').to.equal(handle);
    expect(handle.getAttribute('aria-valuenow')).to.equal('99');

    host.win.history.forward();
    await waitUntil(() => storyRoute().hidden, 'Forward did not leave the story');
    await settle();
    host.win.history.back();
    await waitUntil(() => !storyRoute().hidden, 'Back did not return');
    await settle();
    expect(text($(element, 'h1'))).to.equal(HEADLINE);
    expect(logged(), 'nothing logged on the way').to.deep.equal([]);
  });

  it('Back restores where the visitor was in the story', async () => {
    host.win.scrollTo({ top: 700, behavior: 'instant' });
    await waitUntil(() => host.win.scrollY === 700, 'could not scroll down first');
    await new Promise((resolve) => setTimeout(resolve, 100)); // the browser records the position
    host.doc.getElementById('to-pricing').click();
    await waitUntil(() => storyRoute().hidden);
    await settle();
    host.win.history.back();
    await waitUntil(() => !storyRoute().hidden, 'Back did not return');
    await waitUntil(() => Math.abs(host.win.scrollY - 700) < 2, `not back at 700 (at ${host.win.scrollY})`, { timeout: 3000 });
  });

  it("the app's own link to the story's #cta (history.pushState, no hashchange) scrolls there once the route is shown", async () => {
    host.doc.getElementById('to-pricing').click();
    await waitUntil(() => storyRoute().hidden);
    await settle();
    host.doc.getElementById('to-story-cta').click();
    await waitUntil(() => !storyRoute().hidden && host.win.location.hash === '#cta', 'the app did not navigate');
    const cta = element.shadowRoot.getElementById('cta');
    await waitUntil(() => Math.abs(cta.getBoundingClientRect().top - HEADER_OFFSET) < 3, 'did not scroll to #cta', {
      timeout: 5000,
    });
    expect(element.shadowRoot.activeElement).to.equal(cta);
    await settle();
    host.win.scrollTo({ top: 0, behavior: 'instant' });
    await waitUntil(() => host.win.scrollY === 0);
    host.win.history.replaceState(null, '', host.win.location.href); // same hash: not a navigation to it
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(host.win.scrollY, 'a replaceState keeping the hash does not scroll again').to.equal(0);
  });

  it('a #hash on another route does not scroll the page to the hidden story', async () => {
    host.doc.getElementById('to-pricing').click();
    await waitUntil(() => storyRoute().hidden);
    host.win.location.hash = '#cta';
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(host.win.scrollY).to.equal(0);
  });

  it('a genuinely wrong base: told once, when the element is shown, not while the app hides it', async () => {
    const misplaced = host.doc.createElement('redcliffe-case-study');
    misplaced.setAttribute('base', '/somewhere/else');
    host.doc.getElementById('pricing-route').append(misplaced); // on the hidden route
    await waitUntil(() => $(misplaced, 'h1'), 'the misplaced element did not render');
    await settle();
    expect(text($(misplaced, 'h1')), 'its 404 page').to.equal('404');
    expect(logged(), 'nothing while hidden').to.deep.equal([]);

    host.doc.getElementById('to-pricing').click(); // the route with it is shown
    await waitUntil(() => error.calls.length > 0, 'no hint once shown');
    expect(error.calls).to.have.length(1);
    expect(error.calls[0]).to.contain('is not under base "/somewhere/else"').and.to.contain('base attribute');

    host.doc.getElementById('to-story').click();
    await waitUntil(() => !storyRoute().hidden);
    host.doc.getElementById('to-pricing').click();
    await settle();
    expect(error.calls, 'told once').to.have.length(1);
    misplaced.remove();
  });
});
