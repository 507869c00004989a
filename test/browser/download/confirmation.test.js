import { expect, fixture, nextFrame, waitUntil } from '@open-wc/testing';
import {
  activeIn,
  alertOf,
  atRest,
  captureDownloads,
  closeButton,
  closeThanks,
  ctaButton,
  dialogOf,
  ENDPOINT,
  field,
  fill,
  FORM_URL,
  html,
  jsonResponse,
  renderStory,
  spyConsoleError,
  stubFetch,
  submitButton,
  text,
  thanksOf,
  uniqueEmail,
  waitClosed,
  waitOpen,
} from './helpers.js';
import { sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import defaultStory from '../../../src/shared/story/stories/redcliffe-labs.json';

const CONTACT = 'https://example.com/contact-sales';
const PRIVACY = '/privacy-notice';
const $ = (el, selector) => el.shadowRoot.querySelector(selector);
const confirmationOf = (el) => $(el, '#cta .cta__confirmation');
/** The element that really has focus, through open shadow roots. */
const deepActiveElement = () => {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
};
const linkNamed = (root, name) => [...(root?.querySelectorAll('a') ?? [])].find((a) => text(a) === name) ?? null;
const withLinks = () =>
  html`<redcliffe-case-study
    endpoint=${ENDPOINT}
    form-url=${FORM_URL}
    contact-url=${CONTACT}
    contact-label="Book a call with us"
    privacy-url=${PRIVACY}
  ></redcliffe-case-study>`;

describe('story page that converts: confirmation, failure, privacy line', () => {
  let stub, downloads, errors, el;
  beforeEach(() => {
    errors = spyConsoleError();
  });
  afterEach(() => {
    stub?.restore();
    downloads?.stop();
    errors.restore();
  });

  async function download(firstName = 'Ada') {
    const cta = ctaButton(el);
    cta.focus();
    cta.click();
    await waitOpen(el);
    await fill(el, { firstName, lastName: 'Lovelace', email: uniqueEmail() });
    submitButton(el).click();
    await closeThanks(el);
  }

  it('after a download, the call to action confirms it in place: thanks by name, a direct link, the next step, focus', async () => {
    stub = stubFetch({ lead: () => jsonResponse({ pdf_url: '/files/one-pager.pdf' }) });
    el = await renderStory(withLinks());
    downloads = captureDownloads(el);
    await download();
    await waitUntil(() => confirmationOf(el), 'no confirmation in the call to action');
    const confirmation = confirmationOf(el);
    expect(text(confirmation.querySelector('h2'))).to.equal('Thanks, Ada!');
    expect(text(confirmation)).to.contain('Your PDF is downloading.');
    expect(confirmation.checkVisibility(), 'visible').to.equal(true);
    // The direct link is the same PDF the download fetched.
    const direct = linkNamed(confirmation, 'Open the PDF');
    expect(direct?.href).to.equal(new URL('/files/one-pager.pdf', location.origin).href);
    expect(stub.pdfs().map((call) => call.url)).to.deep.equal([direct.href]);
    expect(linkNamed(confirmation, 'Book a call with us')?.href).to.equal(CONTACT);
    expect(ctaButton(el), 'the button is replaced').to.equal(null);
    // The dialog's opener (the button) is gone: focus goes to the confirmation, which a screen reader reads.
    await waitUntil(() => activeIn(el) === confirmation, 'focus is not on the confirmation');
    expect(confirmation.getAttribute('aria-labelledby')).to.equal('cta-title');
    // The jump navigation's "cta" target still exists and is labelled by the confirmation.
    expect($(el, '#cta').getAttribute('aria-labelledby')).to.equal('cta-title');
    expect(downloads.clicks).to.have.length(1);
    await expect($(el, '#cta')).to.be.accessible();
  });

  for (const opener of ['the hero', 'the sticky offer', 'the call to action']) {
    it(`from ${opener}, the dialog becomes the thank-you: the next step its primary button, the file's link the fallback, focus on its heading; closing leaves the page where it was`, async () => {
      await setViewport({ width: 1280, height: 800 });
      stub = stubFetch({ lead: () => jsonResponse({ pdf_url: '/files/one-pager.pdf' }) });
      el = await renderStory(withLinks());
      downloads = captureDownloads(el);
      const button = (root, name) => [...(root?.querySelectorAll('button') ?? [])].find((b) => text(b) === name);
      if (opener === 'the sticky offer') {
        window.scrollTo(0, $(el, '#leadership-perspective').getBoundingClientRect().top + scrollY);
        await waitUntil(() => button($(el, '.offer'), defaultStory.offer.button), 'no sticky offer');
      }
      const from =
        opener === 'the hero'
          ? button($(el, '.hero'), defaultStory.hero.download)
          : opener === 'the sticky offer'
            ? button($(el, '.offer'), defaultStory.offer.button)
            : ctaButton(el);
      if (opener === 'the hero') window.scrollTo(0, 0);
      if (opener === 'the call to action') from.scrollIntoView({ block: 'center' });
      from.focus({ preventScroll: true });
      const scrolled = window.scrollY;
      from.click();
      const dialog = await waitOpen(el);
      await fill(el, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail() });
      submitButton(el).click();
      await waitUntil(() => thanksOf(el), 'the dialog did not become the thank-you');
      const heading = dialog.querySelector('h2');
      await waitUntil(() => activeIn(el) === heading, 'focus is not on the thank-you heading');
      expect(text(heading)).to.equal('Thanks, Ada!');
      expect(text(dialog.querySelector('#download-intro'))).to.equal('Your PDF is downloading.');
      const thanks = thanksOf(el);
      const next = linkNamed(thanks, 'Book a call with us');
      expect(next?.href, 'the next step').to.equal(CONTACT);
      expect(next.classList.contains('button--primary'), 'the next step is the primary button').to.equal(true);
      expect(text(thanks)).to.contain(defaultStory.cta.nextStep);
      const direct = linkNamed(thanks, 'Open the PDF');
      expect(direct?.href, 'the fallback is the same file').to.equal(new URL('/files/one-pager.pdf', location.origin).href);
      expect(text(direct.parentElement)).to.equal('Nothing happened? Open the PDF');
      expect(next.getBoundingClientRect().bottom, 'the next step leads').to.be.at.most(direct.getBoundingClientRect().top);
      expect(downloads.clicks, 'the spec’s download started').to.have.length(1);
      expect(downloads.clicks[0].download).to.equal('Leaflet_Case_Study_One_Pager.pdf');
      expect(dialog.open).to.equal(true);
      await atRest(dialog);
      await expect(dialog).to.be.accessible();
      closeButton(el).click();
      await waitClosed(el);
      expect(window.scrollY, 'the page is where it was').to.equal(scrolled);
      await waitUntil(() => confirmationOf(el), 'no confirmation in the call to action after closing');
    });
  }

  for (const [screen, viewport] of [
    ['a wide screen', { width: 1280, height: 800 }],
    ['a phone', { width: 375, height: 667 }],
  ]) {
    it(`on ${screen}, the modal closes on success (SPEC §4): the thank-you stays in view as a non-modal panel, the page usable behind it; Escape closes it`, async () => {
      await setViewport(viewport);
      stub = stubFetch({ lead: () => jsonResponse({ pdf_url: '/files/one-pager.pdf' }) });
      el = await renderStory(withLinks());
      downloads = captureDownloads(el);
      // A control of the host page, outside the story, at the top left of the screen.
      const outside = document.createElement('button');
      outside.textContent = 'Host page button';
      outside.style.cssText = 'position: fixed; top: 0; left: 0; z-index: 1';
      let clicks = 0;
      outside.addEventListener('click', () => clicks++);
      document.body.append(outside);
      try {
        const hero = [...$(el, '.hero').querySelectorAll('button')].find((b) => text(b) === defaultStory.hero.download);
        window.scrollTo(0, 0);
        hero.focus();
        hero.click();
        const dialog = await waitOpen(el);
        expect(dialog.matches(':modal'), 'the form is modal').to.equal(true);
        expect(outside.checkVisibility() && document.elementFromPoint(5, 5), 'the backdrop covers the page').to.not.equal(outside);
        await fill(el, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail() });
        submitButton(el).click();
        await waitUntil(() => thanksOf(el), 'the dialog did not become the thank-you');
        const heading = dialog.querySelector('h2');
        await waitUntil(() => deepActiveElement() === heading, 'focus is not on the thank-you heading');
        expect(downloads.clicks.map((click) => click.download)).to.deep.equal(['Leaflet_Case_Study_One_Pager.pdf']);
        // The modal closed: the same dialog is open again, non-modal, and the close was not reported.
        expect(dialog.open, 'open').to.equal(true);
        expect(dialog.matches(':modal'), 'modal').to.equal(false);
        await new Promise((resolve) => setTimeout(resolve, 50)); // the queued `close` event has fired
        expect(dialog.open, 'still open after the close event').to.equal(true);
        expect(confirmationOf(el), 'the call to action waits for the close').to.equal(null);
        expect(dialog.getAttribute('aria-labelledby')).to.equal(heading.id);
        await atRest(dialog);
        await expect(dialog).to.be.accessible();
        // In view where the visitor is, at the foot of the screen, not covering the page.
        const box = dialog.getBoundingClientRect();
        expect(dialog.checkVisibility(), 'visible').to.equal(true);
        expect(box.top, 'top').to.be.at.least(0);
        expect(box.left, 'left').to.be.at.least(0);
        expect(box.bottom, 'bottom').to.be.at.most(innerHeight);
        expect(box.right, 'right').to.be.at.most(innerWidth);
        expect(innerHeight - box.bottom, 'at the foot of the screen').to.be.at.most(24);
        expect(box.width * box.height, 'not the whole screen').to.be.below(innerWidth * innerHeight * 0.75);
        if (viewport.width > 1000) expect(box.left, 'bottom right').to.be.above(innerWidth / 2);
        // The page behind is usable: no backdrop, nothing inert, a real click reaches it, it takes focus.
        expect(document.elementFromPoint(5, 5)).to.equal(outside);
        await sendMouse({ type: 'click', position: [5, 5] });
        expect(clicks, 'the host page heard the click').to.equal(1);
        expect(dialog.open, 'a click on the page leaves the panel').to.equal(true);
        outside.focus();
        expect(document.activeElement, 'the page takes focus').to.equal(outside);
        // The scroll lock is released: the page scrolls, and the panel stays in view.
        expect(document.documentElement.style.overflow).to.not.equal('hidden');
        window.scrollTo(0, 300);
        await nextFrame();
        expect(window.scrollY, 'the page scrolls').to.be.above(0);
        expect(dialog.getBoundingClientRect().bottom, 'still in view').to.equal(box.bottom);
        window.scrollTo(0, 0);
        // Tab may leave it (the non-modal dialog pattern): from its last link, focus goes on into the page.
        const last = [...dialog.querySelectorAll('a')].at(-1);
        last.focus();
        await sendKeys({ press: 'Tab' });
        expect(dialog.contains(activeIn(el)), 'focus left the panel').to.equal(false);
        // Escape, with focus in it, closes it; focus goes back to the opener; the call to action confirms.
        heading.focus();
        await sendKeys({ press: 'Escape' });
        await waitClosed(el);
        expect(deepActiveElement(), 'focus back on the opener').to.equal(hero);
        await waitUntil(() => confirmationOf(el), 'no confirmation in the call to action after closing');
        expect(document.documentElement.style.overflow).to.not.equal('hidden');
      } finally {
        outside.remove();
      }
    });
  }

  it('a story that names its own next step: the thank-you and the confirmation lead with it, in place of contact-url', async () => {
    stub = stubFetch();
    el = await renderStory(withLinks());
    const nextStepLink = { url: 'https://example.com/webinar', label: 'Join the webinar' };
    el.story = { ...defaultStory, cta: { ...defaultStory.cta, button: 'Get the deck', nextStepLink } };
    await waitUntil(() => text(ctaButton(el)) === 'Get the deck', 'the story was not shown', { timeout: 5000 });
    downloads = captureDownloads(el);
    el.openDownload();
    await waitOpen(el);
    await fill(el, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail() });
    submitButton(el).click();
    await waitUntil(() => thanksOf(el), 'no thank-you');
    const next = linkNamed(thanksOf(el), 'Join the webinar');
    expect(next?.href).to.equal(nextStepLink.url);
    expect(next.classList.contains('button--primary')).to.equal(true);
    expect(linkNamed(thanksOf(el), 'Book a call with us'), 'contact-url gives way').to.equal(null);
    await closeThanks(el);
    await waitUntil(() => confirmationOf(el), 'no confirmation');
    expect(linkNamed(confirmationOf(el), 'Join the webinar')?.href).to.equal(nextStepLink.url);
  });

  it('without contact-url, the confirmation has no next-step link (and an unsafe one is never a link)', async () => {
    stub = stubFetch();
    el = await renderStory(html`<redcliffe-case-study endpoint=${ENDPOINT} contact-url="javascript:alert(1)"></redcliffe-case-study>`);
    downloads = captureDownloads(el);
    await download('Grace');
    await waitUntil(() => confirmationOf(el), 'no confirmation');
    const confirmation = confirmationOf(el);
    expect(text(confirmation.querySelector('h2'))).to.equal('Thanks, Grace!');
    expect([...confirmation.querySelectorAll('a')].map((a) => text(a))).to.deep.equal(['Open the PDF']);
  });

  it('the confirmation survives a re-render and a move; a new element (a reload) and storage hold none of it', async () => {
    stub = stubFetch();
    el = await renderStory(withLinks());
    downloads = captureDownloads(el);
    await download('Ada');
    await waitUntil(() => confirmationOf(el), 'no confirmation');
    el.setAttribute('contact-label', 'Talk to sales'); // a re-render with new props
    await waitUntil(() => linkNamed(confirmationOf(el), 'Talk to sales'), 'no re-render');
    expect(text(confirmationOf(el).querySelector('h2'))).to.equal('Thanks, Ada!');
    const parent = el.parentNode;
    el.remove();
    await new Promise((resolve) => setTimeout(resolve, 50)); // unmounted (not a same-task move)
    parent.append(el);
    await waitUntil(() => confirmationOf(el), 'the confirmation is gone after the element was put back', { timeout: 5000 });
    expect(text(confirmationOf(el).querySelector('h2'))).to.equal('Thanks, Ada!');
    // Nothing a reload could bring back: no storage, no cookie carries the name.
    const stored = JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }) + document.cookie;
    expect(stored).not.to.contain('Ada');
    const fresh = await fixture(withLinks());
    await waitUntil(() => ctaButton(fresh), 'a fresh element shows the call to action', { timeout: 5000 });
    expect(confirmationOf(fresh)).to.equal(null);
  });

  it('when sending fails, the dialog keeps the values, says what happened, offers "Try again" and the contact link', async () => {
    let fail = true;
    stub = stubFetch({ lead: () => (fail ? jsonResponse({ error: 'internal_error' }, 500) : jsonResponse({ pdf_url: '/files/one-pager.pdf' })) });
    el = await renderStory(withLinks());
    downloads = captureDownloads(el);
    ctaButton(el).click();
    await waitOpen(el);
    const email = uniqueEmail();
    await fill(el, { firstName: 'Ada', lastName: 'Lovelace', email });
    submitButton(el).click();
    await waitUntil(() => alertOf(el), 'no alert');
    const alert = alertOf(el);
    expect(text(alert)).to.contain('We couldn’t send your details just now.');
    expect(text(alert)).to.contain('What you typed is still here');
    expect(linkNamed(alert, 'Book a call with us')?.href).to.equal(CONTACT);
    expect(text(submitButton(el))).to.equal('Try again');
    await atRest(dialogOf(el));
    await expect(dialogOf(el)).to.be.accessible();
    expect(['firstName', 'lastName', 'email'].map((name) => field(el, name).value)).to.deep.equal(['Ada', 'Lovelace', email]);
    expect(dialogOf(el).open).to.equal(true);
    // "Try again" works once the server does.
    fail = false;
    submitButton(el).click();
    await closeThanks(el);
    await waitUntil(() => confirmationOf(el), 'no confirmation after trying again');
    expect(stub.leads).to.have.length(2);
  });

  it('a failure without contact-url still offers "Try again" (never a dead end)', async () => {
    stub = stubFetch({ lead: () => jsonResponse({}, 500) });
    el = await renderStory();
    ctaButton(el).click();
    await waitOpen(el);
    await fill(el, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail() });
    submitButton(el).click();
    await waitUntil(() => alertOf(el), 'no alert');
    const alert = alertOf(el);
    expect(alert.querySelector('a')).to.equal(null);
    expect(text(submitButton(el))).to.equal('Try again');
    expect(submitButton(el).disabled).to.equal(false);
    dialogOf(el).close();
  });

  it('privacy-url puts one line under the dialog’s form, with a link to the notice; absent, no line', async () => {
    stub = stubFetch();
    el = await renderStory(withLinks());
    el.openDownload();
    const dialog = await waitOpen(el);
    const line = dialog.querySelector('form .privacy');
    expect(line, 'privacy line').to.not.equal(null);
    expect(line.checkVisibility()).to.equal(true);
    expect(text(line)).to.contain('We use your details to send you this case study');
    expect(linkNamed(line, 'Privacy notice')?.href).to.equal(new URL(PRIVACY, location.origin).href);
    // Under the form's button.
    expect(line.getBoundingClientRect().top).to.be.at.least(submitButton(el).getBoundingClientRect().bottom);
    await atRest(dialog); // opened: fully opaque
    await expect(dialog).to.be.accessible();
    dialog.close();
    await waitClosed(el);

    const plain = await renderStory();
    plain.openDownload();
    const other = await waitOpen(plain);
    expect(other.querySelector('.privacy')).to.equal(null);
    other.close();
    await nextFrame();
  });
});
