import { expect, nextFrame, waitUntil } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import {
  $,
  activeIn,
  atRest,
  closeButton,
  ctaButton,
  dialogOf,
  field,
  fill,
  renderStory,
  stubFetch,
  submitButton,
  text,
  typeInto,
  waitClosed,
  waitOpen,
} from './helpers.js';

const centre = (node) => {
  const r = node.getBoundingClientRect();
  return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];
};

/** Open with the call-to-action button, clicked like a visitor (it keeps focus: it is the opener). */
async function openWithCta(el) {
  const cta = ctaButton(el);
  cta.scrollIntoView({ block: 'center', behavior: 'instant' });
  await sendMouse({ type: 'click', position: centre(cta) });
  return waitOpen(el);
}

describe('download dialog: opening and closing', () => {
  let stub;
  before(() => setViewport({ width: 1280, height: 800 }));
  beforeEach(() => (stub = stubFetch()));
  afterEach(async () => {
    stub.restore();
    await resetMouse();
  });

  it('is not in the page until first opened, then comes from its own lazy chunk', async () => {
    const el = await renderStory();
    expect(dialogOf(el), 'no dialog before the first open').to.equal(null);
    el.openDownload();
    await waitOpen(el);
    const chunks = performance.getEntriesByType('resource').map((entry) => entry.name);
    expect(
      chunks.some((name) => /\/chunks\/DownloadDialog-[\w-]+\.js$/.test(name)),
      chunks.join('\n'),
    ).to.equal(true);
  });

  it('el.openDownload() shows a modal <dialog> labelled by its visible title, focus on the first field', async () => {
    const el = await renderStory();
    el.openDownload();
    const dialog = await waitOpen(el);
    expect(dialog.getAttribute('part')).to.equal('dialog');
    expect(dialog.matches(':modal'), 'shown with showModal()').to.equal(true);
    const title = el.shadowRoot.getElementById(dialog.getAttribute('aria-labelledby'));
    expect(title.tagName).to.equal('H2');
    expect(text(title)).to.equal('Download the case study');
    expect(title.checkVisibility()).to.equal(true);
    await waitUntil(() => activeIn(el) === field(el, 'firstName'), 'focus is not on the first field');
    // The top layer escapes the host's box: the card is centred in the viewport.
    const box = dialog.getBoundingClientRect();
    expect(Math.abs(box.left + box.width / 2 - innerWidth / 2)).to.be.below(2);
  });

  it('has labelled, required fields with the right names, types and autocomplete tokens', async () => {
    const el = await renderStory();
    el.openDownload();
    await waitOpen(el);
    const expected = [
      ['firstName', 'text', 'given-name', 'First name'],
      ['lastName', 'text', 'family-name', 'Last name'],
      ['email', 'email', 'email', 'Work email'],
    ];
    for (const [name, type, autocomplete, label] of expected) {
      const input = field(el, name);
      expect(input.type, name).to.equal(type);
      expect(input.autocomplete, name).to.equal(autocomplete);
      expect(input.required, name).to.equal(true);
      expect(text(input.labels[0]), name).to.equal(label);
      expect(input.labels[0].checkVisibility(), name).to.equal(true);
    }
    expect($(el, 'dialog form').noValidate).to.equal(true);
  });

  it('the call-to-action opens it; Escape closes it and focus returns to the button; it opens again', async () => {
    const el = await renderStory();
    const cta = ctaButton(el);
    expect(text(cta)).to.contain('Download');
    await openWithCta(el);
    await waitUntil(() => activeIn(el) === field(el, 'firstName'));
    await sendKeys({ press: 'Escape' });
    await waitClosed(el);
    expect(activeIn(el)).to.equal(cta);
    await openWithCta(el); // the open state followed the native close
    await sendKeys({ press: 'Escape' });
    await waitClosed(el);
    expect(activeIn(el)).to.equal(cta);
  });

  it('a click on the backdrop closes it (a click inside does not), focus back on the opener', async () => {
    const el = await renderStory();
    const cta = ctaButton(el);
    const dialog = await openWithCta(el);
    const box = dialog.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(box.left + 6), Math.round(box.top + 6)] }); // card padding
    await sendMouse({ type: 'click', position: centre($(el, '#download-intro')) });
    await nextFrame();
    expect(dialog.open, 'clicks inside keep it open').to.equal(true);
    await sendMouse({ type: 'click', position: [Math.max(5, Math.round(box.left - 40)), 20] });
    await waitClosed(el);
    expect(activeIn(el)).to.equal(cta);
  });

  it('pressing inside and releasing on the backdrop (selecting text) does not close it', async () => {
    const el = await renderStory();
    const dialog = await openWithCta(el);
    await sendMouse({ type: 'move', position: centre(field(el, 'firstName')) });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [5, 5] });
    await sendMouse({ type: 'up' });
    await nextFrame();
    expect(dialog.open).to.equal(true);
  });

  it('the "Close" button closes it, focus back on the opener', async () => {
    const el = await renderStory();
    const cta = ctaButton(el);
    await openWithCta(el);
    const close = closeButton(el);
    expect(close, 'a button named "Close"').to.exist;
    await sendMouse({ type: 'click', position: centre(close) });
    await waitClosed(el);
    expect(activeIn(el)).to.equal(cta);
  });

  it('gives focus back to an opener on the host page', async () => {
    const el = await renderStory();
    const opener = document.createElement('button');
    opener.textContent = 'Get the PDF';
    opener.addEventListener('click', () => el.openDownload());
    document.body.append(opener);
    try {
      opener.focus();
      opener.click();
      await waitOpen(el);
      closeButton(el).click();
      await waitClosed(el);
      expect(document.activeElement).to.equal(opener);
    } finally {
      opener.remove();
    }
  });

  it('keeps typed values when closed without success', async () => {
    const el = await renderStory();
    await openWithCta(el);
    await fill(el, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@exa' });
    await sendKeys({ press: 'Escape' });
    await waitClosed(el);
    await openWithCta(el);
    expect([field(el, 'firstName').value, field(el, 'lastName').value, field(el, 'email').value]).to.deep.equal(['Ada', 'Lovelace', 'ada@exa']);
    expect(stub.calls).to.have.length(0);
  });

  it('the submit button is disabled until every field has more than white space', async () => {
    const el = await renderStory();
    el.openDownload();
    await waitOpen(el);
    const button = submitButton(el);
    expect(text(button)).to.equal('Download PDF');
    expect(button.disabled, 'empty').to.equal(true);
    await typeInto(field(el, 'firstName'), 'Ada');
    await typeInto(field(el, 'lastName'), '   ');
    await typeInto(field(el, 'email'), 'ada@example.com');
    expect(button.disabled, 'last name only spaces').to.equal(true);
    await typeInto(field(el, 'lastName'), 'L');
    expect(button.disabled, 'complete').to.equal(false);
    field(el, 'email').select();
    await sendKeys({ press: 'Backspace' });
    expect(button.disabled, 'email emptied').to.equal(true);
  });

  it('beside the waiting button, a polite line says what is still missing, changed only when that changes; white space is missing', async () => {
    const el = await renderStory();
    el.openDownload();
    const dialog = await waitOpen(el);
    const button = submitButton(el);
    const line = dialog.querySelector('#download-missing');
    expect(line.getAttribute('aria-live')).to.equal('polite');
    const said = [];
    const heard = new MutationObserver(() => said.push(text(line)));
    heard.observe(line, { childList: true, characterData: true, subtree: true });
    expect(text(line)).to.equal('Add your first name, last name, and work email to get the PDF.');
    expect(button.getAttribute('aria-describedby')).to.equal('download-missing');
    expect(line.checkVisibility()).to.equal(true);
    expect(line.getBoundingClientRect().top, 'under the button').to.be.at.least(button.getBoundingClientRect().bottom);
    await typeInto(field(el, 'firstName'), '   ');
    expect(button.disabled, 'a name of spaces').to.equal(true);
    expect(text(line), 'a name of spaces is missing, as the button says').to.equal('Add your first name, last name, and work email to get the PDF.');
    await typeInto(field(el, 'firstName'), 'Ada');
    await typeInto(field(el, 'lastName'), 'Lovelace');
    await nextFrame();
    expect(text(line)).to.equal('Add your work email to get the PDF.');
    await typeInto(field(el, 'email'), 'ada@example.com');
    await nextFrame();
    expect(button.disabled, 'complete').to.equal(false);
    expect(text(line), 'nothing missing').to.equal('');
    expect(button.hasAttribute('aria-describedby')).to.equal(false);
    // 15 characters of email and 11 of names typed; the region changed only when what was missing did.
    expect(said).to.deep.equal(['Add your last name and work email to get the PDF.', 'Add your work email to get the PDF.', '']);
    heard.disconnect();
  });

  it('an email without @ sends nothing (no request, no alert, still open); the field itself says why (a11y/dialog.test.js)', async () => {
    const el = await renderStory();
    el.openDownload();
    await waitOpen(el);
    await fill(el, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.example.com' });
    expect(submitButton(el).disabled).to.equal(false);
    submitButton(el).click();
    await sendKeys({ press: 'Enter' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stub.calls).to.have.length(0);
    expect(dialogOf(el).open).to.equal(true);
    expect($(el, 'dialog [role="alert"]')).to.equal(null);
    expect(text(submitButton(el))).to.equal('Download PDF');
  });

  it('an email with @ that the browser’s email type rejects sends nothing and is pointed out', async () => {
    const el = await renderStory();
    el.openDownload();
    await waitOpen(el);
    await fill(el, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@@example.com' });
    field(el, 'firstName').focus();
    submitButton(el).click();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stub.calls).to.have.length(0);
    expect(field(el, 'email').validity.typeMismatch).to.equal(true);
    expect(activeIn(el), 'focus moved to the email field').to.equal(field(el, 'email'));
  });

  it('keeps its own font and colours under a hostile host-page stylesheet', async () => {
    const hostile = document.createElement('style');
    hostile.textContent = '* { font-family: Georgia, serif !important; color: red !important; } dialog, button, input { background: hotpink !important; }';
    document.head.append(hostile);
    try {
      const el = await renderStory();
      el.openDownload();
      const dialog = await waitOpen(el);
      for (const node of [dialog, $(el, '#download-title'), field(el, 'email'), submitButton(el), closeButton(el)]) {
        const style = getComputedStyle(node);
        expect(style.fontFamily, node.tagName).not.to.contain('Georgia');
        expect(style.color, node.tagName).not.to.equal('rgb(255, 0, 0)');
      }
      expect(getComputedStyle(dialog).backgroundColor).to.equal('rgb(255, 255, 255)');
      expect(getComputedStyle(field(el, 'email')).fontFamily).to.equal(getComputedStyle(dialog).fontFamily);
    } finally {
      hostile.remove();
    }
  });

  it('is accessible (axe) while open', async () => {
    const el = await renderStory();
    el.openDownload();
    await waitOpen(el);
    await atRest(dialogOf(el));
    await expect(dialogOf(el)).to.be.accessible();
    // The whole element with the modal open. Colour contrast of the page behind (inert, dimmed,
    // sections possibly mid fade-in) is the story tests' business, not the dialog's.
    await expect(el).to.be.accessible({ ignoredRules: ['color-contrast'] });
  });

  it('is accessible (axe) while open with an error shown and values typed', async () => {
    stub.restore();
    stub = stubFetch({ lead: () => new Response('{}', { status: 400 }) });
    const el = await renderStory();
    el.openDownload();
    await waitOpen(el);
    await fill(el, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
    submitButton(el).click();
    await waitUntil(() => $(el, 'dialog [role="alert"]'), 'no alert');
    await atRest(dialogOf(el));
    await expect(dialogOf(el)).to.be.accessible();
  });
});
