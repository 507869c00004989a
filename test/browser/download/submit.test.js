import { expect, waitUntil } from '@open-wc/testing';
import { sendKeys, sendMouse, resetMouse } from '@web/test-runner-commands';
import {
  ENDPOINT,
  ERROR_TEXT,
  FILE_NAME,
  FORM_URL,
  activeIn,
  alertOf,
  captureDownloads,
  ctaButton,
  deferred,
  dialogOf,
  field,
  fill,
  jsonResponse,
  listenOnDocument,
  renderStory,
  spyConsoleError,
  stubFetch,
  submitButton,
  text,
  uniqueEmail,
  waitClosed,
  closeThanks,
  waitOpen,
} from './helpers.js';

const EVENTS = ['case-study-submit', 'case-study-download', 'case-study-error'];
const ENDPOINT_URL = new URL(ENDPOINT, location.origin).href;
const values = () => ['firstName', 'lastName', 'email'];

describe('download dialog: submitting', () => {
  let stub, downloads, heard, errors, el, originalOpen, opened;

  beforeEach(async () => {
    el = await renderStory();
    downloads = captureDownloads(el);
    heard = listenOnDocument(EVENTS);
    errors = spyConsoleError();
    originalOpen = window.open;
    opened = [];
    window.open = (...args) => {
      opened.push(args);
      return null;
    };
  });
  afterEach(async () => {
    stub?.restore();
    downloads.stop();
    heard.stop();
    errors.restore();
    window.open = originalOpen;
    await resetMouse();
  });

  /** Open from the call-to-action (so focus has somewhere to return to) and fill the form. */
  async function openAndFill(email = uniqueEmail(), names = { firstName: '  Ada ', lastName: 'Lovelace  ' }) {
    const cta = ctaButton(el);
    cta.focus();
    cta.click();
    await waitOpen(el);
    await fill(el, { ...names, email: `  ${email} ` });
    return email;
  }

  it('sends the exact payload and headers, shows "Processing..." in flight, then saves the PDF, closes and resets', async () => {
    const answer = deferred();
    stub = stubFetch({ lead: () => answer.promise });
    const email = await openAndFill();
    submitButton(el).click();

    await waitUntil(() => text(submitButton(el)) === 'Processing...', 'no Processing... label');
    // Unavailable in flight through aria-disabled, not disabled: a disabled button would drop
    // keyboard focus to <body>. A second press sends nothing (tested below).
    expect(submitButton(el).getAttribute('aria-disabled'), 'aria-disabled in flight').to.equal('true');
    expect(stub.leads).to.have.length(1);
    const [call] = stub.leads;
    expect(call.url).to.equal(ENDPOINT_URL);
    expect(call.headers.get('content-type')).to.equal('application/json');
    expect(call.headers.get('idempotency-key')).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(JSON.parse(call.body)).to.deep.equal({
      url: FORM_URL,
      data: {
        'First Name': 'Ada',
        'Last Name': 'Lovelace',
        'Work Email': email,
        page_url: location.href,
        referrer: document.referrer,
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'launch',
        utm_term: '',
        utm_content: '',
      },
      // The default story's id: the lead server counts leads per story.
      story: 'redcliffe-labs',
    });
    expect(heard.events.map((event) => event.type)).to.deep.equal(['case-study-submit']);
    expect(heard.events[0].detail).to.deep.equal({ endpoint: ENDPOINT_URL });

    answer.resolve(jsonResponse({ pdf_url: '/files/one-pager.pdf' }));
    await closeThanks(el);
    const pdfUrl = new URL('/files/one-pager.pdf', location.origin).href;
    expect(stub.pdfs().map((c) => [c.url, c.init.mode, c.init.credentials])).to.deep.equal([[pdfUrl, 'cors', 'omit']]);
    expect(downloads.clicks).to.have.length(1);
    expect(downloads.clicks[0].download).to.equal(FILE_NAME);
    expect(downloads.clicks[0].href).to.match(/^blob:/);
    expect(downloads.clicks[0].connected, 'clicked while attached').to.equal(true);
    expect(dialogOf(el).querySelector('a'), 'temporary anchor removed').to.equal(null);
    expect(opened).to.have.length(0);
    expect(heard.events.map((event) => event.type)).to.deep.equal(['case-study-submit', 'case-study-download']);
    expect(heard.events[1].detail).to.deep.equal({ pdfUrl });
    expect(heard.events.every((event) => event.target === el)).to.equal(true);
    // The confirmation took the button's place (and focus, the opener being gone).
    expect(activeIn(el), 'focus on the confirmation in the call to action').to.equal(el.shadowRoot.querySelector('#cta .cta__confirmation'));

    el.openDownload();
    await waitOpen(el);
    expect(values().map((name) => field(el, name).value)).to.deep.equal(['', '', '']);
    expect(text(submitButton(el))).to.equal('Download PDF');
    expect(alertOf(el)).to.equal(null);
    expect(errors.calls).to.deep.equal([]);
  });

  it('double click, then Enter twice, sends exactly one request', async () => {
    const answer = deferred();
    stub = stubFetch({ lead: () => answer.promise });
    await openAndFill();
    const button = submitButton(el);
    button.click();
    button.click(); // same task: React has not re-rendered the button as disabled yet
    const r = button.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
    field(el, 'email').focus();
    await sendKeys({ press: 'Enter' });
    await sendKeys({ press: 'Enter' });
    dialogOf(el).querySelector('form').requestSubmit();
    expect(stub.leads).to.have.length(1);
    answer.resolve(jsonResponse({ pdf_url: '/files/one-pager.pdf' }));
    await closeThanks(el);
    expect(stub.leads).to.have.length(1);
    expect(downloads.clicks).to.have.length(1);
  });

  it('a 500 logs "Failed to submit form" with the status, shows the alert and keeps every value', async () => {
    stub = stubFetch({ lead: () => jsonResponse({ error: 'internal_error' }, 500) });
    const email = await openAndFill();
    submitButton(el).click();
    await waitUntil(() => alertOf(el), 'no alert');
    expect(text(alertOf(el))).to.equal(ERROR_TEXT);
    expect(
      errors.calls.some((message) => message.includes('Failed to submit form') && message.includes('500')),
      errors.calls.join('\n'),
    ).to.equal(true);
    expect(stub.leads, '500 is not retried').to.have.length(1);
    expect(dialogOf(el).open).to.equal(true);
    // (An email input's value never has white space at its ends: the browser strips it.)
    expect(values().map((name) => field(el, name).value)).to.deep.equal(['  Ada ', 'Lovelace  ', email]);
    expect(submitButton(el).disabled).to.equal(false);
    expect(text(submitButton(el))).to.equal('Try again');
    expect(heard.events.map((event) => event.type)).to.deep.equal(['case-study-submit', 'case-study-error']);
    expect(heard.events[1].detail).to.deep.equal({ message: 'Failed to submit form: 500' });
    expect(JSON.stringify(heard.events.map((event) => event.detail))).not.to.contain(email);
    expect(downloads.clicks).to.have.length(0);
  });

  it('after a failure, focus is on the re-enabled button it was on', async () => {
    stub = stubFetch({ lead: () => jsonResponse({}, 400) });
    await openAndFill();
    const button = submitButton(el);
    const r = button.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
    await waitUntil(() => alertOf(el), 'no alert');
    await waitUntil(() => activeIn(el) === button, 'focus was lost when the button was disabled');
    expect(button.disabled).to.equal(false);
  });

  it('an answer without pdf_url or url logs "No PDF URL received from server" and keeps the values', async () => {
    stub = stubFetch({ lead: () => jsonResponse({ ok: true }) });
    const email = await openAndFill();
    submitButton(el).click();
    await waitUntil(() => alertOf(el), 'no alert');
    expect(errors.calls.some((message) => message.includes('No PDF URL received from server'))).to.equal(true);
    expect(values().map((name) => field(el, name).value)).to.deep.equal(['  Ada ', 'Lovelace  ', email]);
    expect(dialogOf(el).open).to.equal(true);
    expect(heard.events.at(-1).detail).to.deep.equal({ message: 'No PDF URL received from server' });
  });

  it('retries a 503 after about 1 s with the same Idempotency-Key, then downloads', async () => {
    stub = stubFetch({
      lead: (call, n) => (n === 0 ? jsonResponse({ error: 'busy' }, 503) : jsonResponse({ url: 'https://cdn.example.com/one-pager.pdf' })),
    });
    await openAndFill();
    submitButton(el).click();
    await waitUntil(() => text(submitButton(el)) === 'Processing...');
    await closeThanks(el);
    expect(stub.leads).to.have.length(2);
    expect(stub.leads[1].at - stub.leads[0].at).to.be.within(950, 2000);
    expect(stub.leads[1].headers.get('idempotency-key')).to.equal(stub.leads[0].headers.get('idempotency-key'));
    expect(stub.leads[1].body).to.equal(stub.leads[0].body);
    expect(stub.pdfs().map((call) => call.url)).to.deep.equal(['https://cdn.example.com/one-pager.pdf']);
    expect(downloads.clicks.map((click) => click.download)).to.deep.equal([FILE_NAME]);
  });

  it('refuses a javascript: pdf_url: logged, nothing fetched or opened, the alert shown', async () => {
    stub = stubFetch({ lead: () => jsonResponse({ pdf_url: 'javascript:alert(document.domain)' }) });
    await openAndFill();
    submitButton(el).click();
    await waitUntil(() => alertOf(el), 'no alert');
    expect(
      errors.calls.some((message) => /refused/i.test(message) && message.includes('javascript:')),
      errors.calls.join('\n'),
    ).to.equal(true);
    expect(stub.pdfs()).to.have.length(0);
    expect(downloads.clicks).to.have.length(0);
    expect(opened).to.have.length(0);
    expect(dialogOf(el).open).to.equal(true);
  });

  it('when CORS refuses the PDF fetch, opens the address in a new tab without an opener', async () => {
    stub = stubFetch({
      lead: () => jsonResponse({ pdf_url: 'https://files.elsewhere.example/one-pager.pdf' }),
      pdf: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await openAndFill();
    submitButton(el).click();
    await closeThanks(el);
    expect(opened).to.deep.equal([['https://files.elsewhere.example/one-pager.pdf', '_blank', 'noopener']]);
    expect(downloads.clicks).to.have.length(0);
    expect(heard.events.at(-1).type).to.equal('case-study-download');
  });

  it('downloading again with the same email (any case) sends no second lead', async () => {
    stub = stubFetch();
    const email = await openAndFill();
    submitButton(el).click();
    await closeThanks(el);
    el.openDownload(); // the call-to-action button became the confirmation
    await waitOpen(el);
    await fill(el, { firstName: 'Ada', lastName: 'L', email: email.toUpperCase() });
    submitButton(el).click();
    await closeThanks(el);
    expect(stub.leads).to.have.length(1);
    expect(stub.pdfs()).to.have.length(2);
    expect(downloads.clicks).to.have.length(2);
    expect(heard.events.map((event) => event.type)).to.deep.equal(['case-study-submit', 'case-study-download', 'case-study-download']);
  });

  it('a host that opens the dialog again on the download event gets it open (no lost open request)', async () => {
    stub = stubFetch();
    await openAndFill();
    let reopened = 0;
    el.addEventListener(
      'case-study-download',
      () => {
        reopened += 1;
        el.openDownload();
      },
      { once: true },
    );
    submitButton(el).click();
    await waitUntil(() => reopened === 1, 'no download event');
    await waitOpen(el);
    // Still open after the close event of the first submission has come and gone.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(dialogOf(el).open).to.equal(true);
    dialogOf(el).close();
    await waitClosed(el);
  });

  it('uses the default endpoint when none is set', async () => {
    stub = stubFetch();
    el.removeAttribute('endpoint');
    await openAndFill();
    submitButton(el).click();
    await closeThanks(el);
    expect(stub.leads[0].url).to.equal(new URL('/api/download-case-study/', location.origin).href);
  });
});
