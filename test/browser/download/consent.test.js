import { expect, waitUntil } from '@open-wc/testing';
import { ENDPOINT, FORM_URL, $, dialogOf, fill, html, renderStory, stubFetch, submitButton, text, uniqueEmail, waitOpen } from './helpers.js';

const WORDS = 'Email me news about WhatsApp Calling.';
const PRIVACY = 'https://www.example.com/privacy';

/** The consent box of `consent-text`: optional, never ticked in advance, its words and state kept with the lead. */
describe('download dialog: the consent box', () => {
  let stub, el;
  afterEach(() => stub?.restore());

  const box = () => $(el, 'dialog input[type="checkbox"][name="consent"]');
  /** Opens the dialog, runs `look` on it, fills and sends the form; the lead's data. */
  async function openAndSend(tick, look = () => {}) {
    el.openDownload();
    await waitOpen(el);
    look();
    await fill(el, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail() });
    if (tick) box().click();
    submitButton(el).click();
    await waitUntil(() => stub.leads.length === 1, 'no lead sent');
    return JSON.parse(stub.leads[0].body).data;
  }

  it('shows an unticked box with its words as its label, and sends what was shown and left unticked', async () => {
    el = await renderStory(
      html`<redcliffe-case-study endpoint=${ENDPOINT} form-url=${FORM_URL} privacy-url=${PRIVACY} consent-text=${WORDS}></redcliffe-case-study>`,
    );
    stub = stubFetch();
    const data = await openAndSend(false, () => {
      expect(box(), 'a consent box').to.exist;
      expect(box().checked, 'never ticked in advance').to.equal(false);
      expect(text(box().closest('label'))).to.equal(WORDS);
      expect(dialogOf(el).querySelector('input[type="checkbox"][required]'), 'optional').to.equal(null);
    });
    expect(data.consent_text).to.equal(WORDS);
    expect(data.consent).to.equal('no');
    expect(data.privacy_text).to.be.a('string').and.not.equal('');
  });

  it('sends yes when the visitor ticks it', async () => {
    el = await renderStory(
      html`<redcliffe-case-study endpoint=${ENDPOINT} form-url=${FORM_URL} privacy-url=${PRIVACY} consent-text=${WORDS}></redcliffe-case-study>`,
    );
    stub = stubFetch();
    const data = await openAndSend(true);
    expect(data.consent).to.equal('yes');
  });

  it('shows no box and sends no consent fields without consent-text', async () => {
    el = await renderStory();
    stub = stubFetch();
    const data = await openAndSend(false, () => expect(box()).to.equal(null));
    expect(Object.keys(data)).to.not.include.members(['consent', 'consent_text']);
  });
});
