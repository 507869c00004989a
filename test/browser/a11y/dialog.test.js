import { expect, nextFrame, waitUntil } from '@open-wc/testing';
import { emulateMedia, executeServerCommand, resetMouse, sendKeys, setViewport } from '@web/test-runner-commands';
import {
  activeIn,
  alertOf,
  atRest,
  captureDownloads,
  closeThanks,
  deferred,
  dialogOf,
  field,
  fill,
  jsonResponse,
  renderStory,
  stubFetch,
  submitButton,
  text,
  typeInto,
  uniqueEmail,
  waitClosed,
  waitOpen,
} from '../download/helpers.js';
import { contrast, pixel, round2, screenshot, textContrast } from './pixels.js';

const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const statusIn = (root) => [...root.querySelectorAll('[role="status"]')];
const describedBy = (el, input) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((id) => text(el.shadowRoot.getElementById(id)))
    .join(' ');

describe('download dialog for every visitor', () => {
  let el;
  let stub;
  let downloads;
  before(() => setViewport({ width: 1280, height: 800 }));
  beforeEach(async () => {
    stub = stubFetch();
    el = await renderStory();
    downloads = captureDownloads(el);
    el.openDownload();
    await waitOpen(el);
  });
  afterEach(async () => {
    stub.restore();
    downloads.stop();
    await resetMouse();
    if (dialogOf(el)?.open) dialogOf(el).close();
  });

  it('sending from the keyboard keeps focus on the button, announces "Processing...", then "Download started" in the thank-you, focus on its heading', async () => {
    const answer = deferred();
    stub.restore();
    stub = stubFetch({ lead: () => answer.promise });
    await fill(el, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail() });
    submitButton(el).focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => text(submitButton(el)) === 'Processing...', 'no Processing... label');
    await nextFrame();
    const focusInFlight = activeIn(el) === submitButton(el) ? 'the submit button' : String(activeIn(el)?.outerHTML ?? 'nothing (body)');
    console.log(`[measure] focus while sending: ${focusInFlight}`);
    expect(focusInFlight).to.equal('the submit button');
    expect(submitButton(el).getAttribute('aria-disabled'), 'unavailable to AT while sending').to.equal('true');
    expect(statusIn(dialogOf(el)).map(text), 'status message in the dialog').to.include('Processing...');

    await sendKeys({ press: 'Enter' }); // a second press sends nothing more
    await nextFrame();
    expect(stub.leads).to.have.length(1);

    answer.resolve(jsonResponse({ pdf_url: '/files/one-pager.pdf' }));
    // The dialog stays, as the thank-you: its status says so and focus moves to its heading.
    await waitUntil(() => statusIn(dialogOf(el)).some((node) => text(node) === 'Download started'), 'no "Download started" status in the dialog');
    const heading = dialogOf(el).querySelector('h2');
    await waitUntil(() => activeIn(el) === heading, 'focus is not on the thank-you heading');
    expect(text(heading)).to.equal('Thanks, Ada!');
    expect(dialogOf(el).getAttribute('aria-labelledby')).to.equal(heading.id);
    expect(downloads.clicks).to.have.length(1);
    await atRest(dialogOf(el));
    await expect(dialogOf(el)).to.be.accessible();
    await closeThanks(el);
  });

  it('a failure is announced as an alert and focus is still on the button', async () => {
    stub.restore();
    stub = stubFetch({ lead: () => jsonResponse({ error: 'internal_error' }, 500) });
    await fill(el, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail() });
    submitButton(el).focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => alertOf(el), 'no alert');
    expect(activeIn(el) === submitButton(el), 'focus on the button').to.equal(true);
    expect(statusIn(dialogOf(el)).map(text).join(''), 'Processing... no longer announced').to.equal('');
  });

  it('an email without "@" sends nothing, focuses the email field and shows the product’s message, not the browser’s', async () => {
    await fill(el, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.example.com' });
    submitButton(el).focus();
    await sendKeys({ press: 'Enter' });
    await wait(100);
    const email = field(el, 'email');
    expect(stub.calls, 'nothing sent').to.have.length(0);
    expect(activeIn(el) === email, 'focus on the email field').to.equal(true);
    expect(email.getAttribute('aria-invalid')).to.equal('true');
    expect(describedBy(el, email), 'the message beside the field, described').to.equal('Enter a work email like name@company.com.');
    expect(describedBy(el, email), 'never the browser’s words').to.not.equal(email.validationMessage);
    console.log(`[measure] no-@ email: focus on ${activeIn(el)?.name}, message "${describedBy(el, email)}"`);
    await typeInto(email, '@');
    expect(email.hasAttribute('aria-invalid'), 'typing clears it').to.equal(false);
  });

  it('Enter with an empty field (button disabled) focuses it and shows the product’s message', async () => {
    await typeInto(field(el, 'firstName'), 'Ada');
    await typeInto(field(el, 'email'), 'ada@example.com');
    expect(submitButton(el).disabled).to.equal(true);
    await sendKeys({ press: 'Enter' });
    await nextFrame();
    const last = field(el, 'lastName');
    expect(stub.calls).to.have.length(0);
    expect(activeIn(el) === last, 'focus on the empty last name').to.equal(true);
    expect(describedBy(el, last)).to.equal('Enter your last name.');
  });

  it('"name@company" and values over 200 characters are not sent; the contract’s reason is beside the field', async () => {
    await fill(el, { firstName: 'Ada', lastName: 'Lovelace', email: 'name@company' });
    submitButton(el).click();
    await nextFrame();
    expect(stub.calls).to.have.length(0);
    const email = field(el, 'email');
    expect(activeIn(el) === email).to.equal(true);
    expect(describedBy(el, email)).to.equal('Enter a work email like name@company.com.');

    await typeInto(email, '.com');
    await typeInto(field(el, 'lastName'), 'x'.repeat(200)); // now 208 characters
    submitButton(el).click();
    await nextFrame();
    expect(stub.calls).to.have.length(0);
    const last = field(el, 'lastName');
    expect(activeIn(el) === last).to.equal(true);
    expect(last.value, 'nothing typed is cut').to.have.length(208);
    expect(describedBy(el, last)).to.equal('Use at most 200 characters.');
    await atRest(dialogOf(el));
    await expect(dialogOf(el)).to.be.accessible();
  });

  it('a 400 naming "Work Email" shows the reason beside the email field, keeps the values, focuses it', async () => {
    stub.restore();
    stub = stubFetch({
      lead: () => jsonResponse({ error: 'invalid_lead', message: 'Correct these fields', fields: { 'Work Email': 'invalid email' } }, 400),
    });
    const email = uniqueEmail();
    await fill(el, { firstName: 'Ada', lastName: 'Lovelace', email });
    submitButton(el).focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => field(el, 'email').getAttribute('aria-invalid') === 'true', 'no message on the email field');
    expect(stub.leads).to.have.length(1);
    expect(activeIn(el) === field(el, 'email')).to.equal(true);
    expect(describedBy(el, field(el, 'email'))).to.equal('Enter a work email like name@company.com.');
    expect(['firstName', 'lastName', 'email'].map((name) => field(el, name).value)).to.deep.equal(['Ada', 'Lovelace', email]);
    expect(dialogOf(el).open).to.equal(true);
  });

  it('a 503 is retried, then the download starts', async () => {
    stub.restore();
    stub = stubFetch({
      lead: (call, n) => (n === 0 ? jsonResponse({ error: 'unavailable' }, 503, { 'Retry-After': '0' }) : jsonResponse({ pdf_url: '/files/one-pager.pdf' })),
    });
    await fill(el, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail() });
    submitButton(el).click();
    await closeThanks(el);
    expect(stub.leads).to.have.length(2);
    expect(stub.leads[0].headers.get('idempotency-key')).to.equal(stub.leads[1].headers.get('idempotency-key'));
    expect(downloads.clicks).to.have.length(1);
  });

  it('"Processing..." and the waiting (disabled) button are at least 4.5:1 and look unlike each other', async () => {
    const answer = deferred();
    stub.restore();
    stub = stubFetch({ lead: () => answer.promise });
    await nextFrame();
    await Promise.all(
      dialogOf(el)
        .getAnimations({ subtree: true })
        .map((animation) => animation.finished),
    ); // fully opaque
    const disabledShot = await screenshot();
    const button = submitButton(el);
    const disabledRect = button.getBoundingClientRect();
    const disabledBackground = pixel(disabledShot, disabledRect.left + 8, disabledRect.top + disabledRect.height / 2);
    // Waiting for a field: the brand's colours, its text measured on the screen's pixels.
    const waitingRange = document.createRange();
    waitingRange.selectNodeContents(button);
    const waitingText = textContrast(disabledShot, waitingRange.getBoundingClientRect());
    console.log(`[measure] waiting (disabled) button text ${waitingText}:1 on ${disabledBackground}`);
    expect(waitingText, 'the waiting button’s text').to.be.at.least(4.5);
    await fill(el, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail() });
    button.click();
    await waitUntil(() => text(button) === 'Processing...');
    el.shadowRoot.activeElement?.blur();
    await nextFrame();
    await nextFrame();
    const busyShot = await screenshot();
    const range = document.createRange();
    range.selectNodeContents(button);
    const busyText = textContrast(busyShot, range.getBoundingClientRect());
    const busyBackground = pixel(busyShot, disabledRect.left + 8, disabledRect.top + disabledRect.height / 2);
    const apart = round2(contrast(disabledBackground, busyBackground));
    console.log(`[measure] "Processing..." text ${busyText}:1; busy vs disabled button background ${apart}:1 (${busyBackground} vs ${disabledBackground})`);
    expect(busyText).to.be.at.least(4.5);
    expect(apart, 'busy and disabled look different').to.be.at.least(1.5);
    answer.resolve(jsonResponse({ pdf_url: '/files/one-pager.pdf' }));
    await closeThanks(el);
  });

  it('the page behind the open dialog does not scroll; it does again once closed', async () => {
    const box = dialogOf(el).getBoundingClientRect();
    const [x, y] = [Math.max(5, Math.round(box.left / 2)), Math.round(box.top + box.height / 2)];
    const before = window.scrollY;
    await executeServerCommand('a11y-wheel', { x, y, deltaY: 400 });
    await wait(300);
    console.log(`[measure] wheel over the backdrop moved the page ${window.scrollY - before} px`);
    expect(window.scrollY - before, 'page scrolled behind the modal').to.equal(0);
    dialogOf(el).close();
    await waitClosed(el);
    await executeServerCommand('a11y-wheel', { x, y, deltaY: 400 });
    await waitUntil(() => window.scrollY > before, 'the page no longer scrolls after closing');
    window.scrollTo({ top: 0, behavior: 'instant' });
  });

  it('in forced colours the dialog has a visible edge against the backdrop', async () => {
    await executeServerCommand('a11y-media', { features: [{ name: 'forced-colors', value: 'active' }] });
    try {
      await emulateMedia({ reducedMotion: 'reduce' });
      await nextFrame();
      await nextFrame();
      const shot = await screenshot();
      const box = dialogOf(el).getBoundingClientRect();
      const y = Math.round(box.top + box.height / 2);
      // Across the left edge: the strongest contrast between neighbouring pixels, outside to inside.
      let edge = 1;
      for (let x = Math.round(box.left) - 4; x < Math.round(box.left) + 4; x++) {
        edge = Math.max(edge, contrast(pixel(shot, x, y), pixel(shot, x + 1, y)));
      }
      console.log(`[measure] forced colours: dialog edge ${round2(edge)}:1`);
      expect(edge).to.be.at.least(3);
    } finally {
      await executeServerCommand('a11y-media', { features: [] });
      await emulateMedia({ reducedMotion: 'no-preference' });
    }
  });
});
