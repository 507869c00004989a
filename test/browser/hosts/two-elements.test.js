import { expect, waitUntil } from '@open-wc/testing';
import { emulateMedia, resetMouse, sendMouse, setViewport } from '@web/test-runner-commands';
import { HEADER_OFFSET, byText, inPage, openHost, settled, storyReady, viewportTop } from './helpers.js';

/**
 * Two elements on one page (a CMS page with the story twice, a comparison page): each element's
 * buttons and scrollToSection() go to its own sections; a #hash goes to the first the page shows,
 * and only the element that owns it scrolls.
 */
describe('two elements on one page', () => {
  let host;
  let first;
  let second;

  before(async () => {
    await setViewport({ width: 1100, height: 900 });
    host = await openHost('two.html');
    [first, second] = host.elements;
    await Promise.all([storyReady(first), storyReady(second)]);
  });
  after(() => host?.frame.remove());
  beforeEach(() => {
    host.win.history.replaceState(null, '', '/test/browser/hosts/fixtures/two.html');
    host.win.scrollTo({ top: 0, behavior: 'instant' });
  });
  afterEach(async () => {
    await resetMouse();
    await emulateMedia({ reducedMotion: 'no-preference' });
  });

  const scrollY = () => host.win.scrollY;
  /** Run `start` (what scrolls), then wait for `target` to leave where it was (a smooth scroll may start a few frames late) and come to rest at the header offset. */
  async function landsAtOffset(target, start) {
    const from = viewportTop(target);
    await start();
    await settled(() => viewportTop(target), { timeout: 6000, initial: from });
    expect(viewportTop(target), `#${target.id} of the ${target.getRootNode().host.id} element`).to.be.closeTo(HEADER_OFFSET, 2);
  }

  it('the second element\'s "Read Full Customer Story" scrolls to its own testimonial and focuses it', async () => {
    const button = byText(second, 'button', 'Read Full Customer Story');
    button.scrollIntoView({ block: 'center', behavior: 'instant' });
    const box = button.getBoundingClientRect();
    const own = second.shadowRoot.getElementById('leadership-perspective');
    await landsAtOffset(own, async () => {
      await sendMouse({ type: 'click', position: inPage(host.frame, box.left + box.width / 2, box.top + box.height / 2) });
      await waitUntil(() => second.shadowRoot.activeElement === own, 'the click moved focus to its own testimonial', { timeout: 3000 });
    });
    expect(first.shadowRoot.activeElement, 'nothing focused in the first element').to.equal(null);
  });

  it("the second element's JumpNav buttons go to its own sections", async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    await landsAtOffset(second.shadowRoot.getElementById('results'), () => byText(second, 'button', 'Results').click());
    await landsAtOffset(first.shadowRoot.getElementById('results'), () => byText(first, 'button', 'Results').click());
  });

  it('scrollToSection() of each element goes to its own section', async () => {
    await landsAtOffset(second.shadowRoot.getElementById('cta'), () => second.scrollToSection('cta'));
    await landsAtOffset(first.shadowRoot.getElementById('what-stood-out'), () => first.scrollToSection('what-stood-out'));
  });

  it('the second story skips rendering until it nears the viewport; the first never does', async () => {
    const skipped = (element) => !element.shadowRoot.querySelector('h1').checkVisibility({ contentVisibilityAuto: true });
    // Focus inside a story keeps it rendered (it is relevant to the visitor): start with none.
    for (const element of [first, second]) element.shadowRoot.activeElement?.blur();
    await waitUntil(() => skipped(second), 'the second story, far below, is skipped', { timeout: 3000 });
    expect(skipped(first)).to.equal(false);
    second.scrollIntoView({ behavior: 'instant' });
    await waitUntil(() => !skipped(second), 'the second story renders once in view', { timeout: 3000 });
    expect(skipped(first), 'the first story, now above the viewport, is never skipped').to.equal(false);
    // Its text stays in the accessibility tree and in the page while skipped (find-in-page, crawlers).
    host.win.scrollTo({ top: 0, behavior: 'instant' });
    expect(second.shadowRoot.querySelector('h1').textContent).to.equal(first.shadowRoot.querySelector('h1').textContent);
  });

  it('a #hash goes to the first element that shows the section; the other leaves the page alone', async () => {
    const target = first.shadowRoot.getElementById('challenge-solution');
    await landsAtOffset(target, () => (host.win.location.hash = '#challenge-solution'));
    expect(first.shadowRoot.activeElement).to.equal(target);
    expect(second.shadowRoot.activeElement, 'the second element did not take focus').to.equal(null);
    const y = scrollY();
    await new Promise((resolve) => setTimeout(resolve, 1200)); // past retries and corrections
    expect(scrollY(), 'nothing else moved the page').to.be.closeTo(y, 1);
  });

  it('with the first element hidden by the host, a #hash goes to the second', async () => {
    first.hidden = true;
    try {
      const target = second.shadowRoot.getElementById('results');
      await landsAtOffset(target, () => (host.win.location.hash = '#results'));
      expect(second.shadowRoot.activeElement).to.equal(target);
    } finally {
      first.hidden = false;
    }
  });
});
