import { expect, waitUntil } from '@open-wc/testing';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import { HEADER_OFFSET, inPage, openHost, settled, storyReady, viewportTop } from './helpers.js';

/**
 * Hash navigation after load, on a plain host page: `location.hash = …`, a host link, a link
 * clicked again, Back and Forward. A section named by the hash lands 80 px from the top with
 * focus on it; Back to a URL without one returns to where the visitor was.
 */
describe('hash navigation after load', () => {
  let host;
  let element;
  const PAGE = '/test/browser/hosts/fixtures/clean.html';

  beforeEach(async () => {
    host = await openHost('clean.html');
    element = host.element;
    await storyReady(element);
  });
  afterEach(async () => {
    host?.frame.remove();
    await resetMouse();
  });

  const section = (id) => element.shadowRoot.getElementById(id);
  const scrollY = () => host.win.scrollY;
  async function landsAtOffset(id) {
    const target = section(id);
    await waitUntil(() => Math.abs(viewportTop(target) - HEADER_OFFSET) < 3, `did not scroll to #${id}`, { timeout: 5000 });
    await settled(() => viewportTop(target));
    expect(viewportTop(target), `#${id}`).to.be.closeTo(HEADER_OFFSET, 2);
    expect(element.shadowRoot.activeElement, `focus on #${id}`).to.equal(target);
  }
  async function clickHostLink(id) {
    const link = host.doc.getElementById(id);
    const box = link.getBoundingClientRect();
    await sendMouse({ type: 'click', position: inPage(host.frame, box.left + box.width / 2, box.top + box.height / 2) });
  }

  it('location.hash = "#cta" scrolls to the call to action', async () => {
    host.win.location.hash = '#cta';
    await landsAtOffset('cta');
  });

  it('a host link <a href="#challenge-solution"> scrolls to the section, and again when clicked again', async () => {
    await clickHostLink('host-link');
    expect(host.win.location.hash).to.equal('#challenge-solution');
    await landsAtOffset('challenge-solution');

    host.win.scrollTo({ top: 0, behavior: 'instant' }); // the visitor scrolls back up…
    await waitUntil(() => scrollY() === 0);
    await clickHostLink('host-link'); // …and clicks the same link: no hashchange, still a scroll
    await landsAtOffset('challenge-solution');
  });

  it('Back and Forward between hashes scroll to each section; Back to no hash returns to where the visitor was', async () => {
    host.win.scrollTo({ top: 300, behavior: 'instant' });
    await waitUntil(() => scrollY() === 300, 'could not scroll down first');
    await new Promise((resolve) => setTimeout(resolve, 100)); // the browser records the position

    host.win.location.hash = '#cta';
    await landsAtOffset('cta');
    host.win.location.hash = '#challenge-solution';
    await landsAtOffset('challenge-solution');

    host.win.history.back();
    await waitUntil(() => host.win.location.hash === '#cta', 'Back did not return to #cta');
    await landsAtOffset('cta');

    host.win.history.back();
    await waitUntil(() => host.win.location.hash === '', 'Back did not return to the URL without a hash');
    await waitUntil(() => Math.abs(scrollY() - 300) < 2, `Back did not restore the position (at ${scrollY()})`, {
      timeout: 4000,
    });
    await new Promise((resolve) => setTimeout(resolve, 700)); // no late retry or correction pulls it away
    expect(scrollY(), 'still where the visitor was').to.be.closeTo(300, 2);

    host.win.history.forward();
    await waitUntil(() => host.win.location.hash === '#cta', 'Forward did not go to #cta');
    await landsAtOffset('cta');
    expect(host.win.location.pathname).to.equal(PAGE);
  });

  it('an unknown hash leaves the page where it is', async () => {
    host.win.scrollTo({ top: 250, behavior: 'instant' });
    await waitUntil(() => scrollY() === 250);
    host.win.location.hash = '#pricing';
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(scrollY()).to.equal(250);
  });
});
