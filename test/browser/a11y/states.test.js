import { expect, nextFrame, waitUntil } from '@open-wc/testing';
import { emulateMedia, resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import {
  ENDPOINT,
  alertOf,
  captureDownloads,
  ctaButton,
  deferred,
  dialogOf,
  fill,
  html,
  jsonResponse,
  renderStory,
  stubFetch,
  submitButton,
  text,
  uniqueEmail,
  closeThanks,
  waitOpen,
} from '../download/helpers.js';
import { borderRatio, outlineRatio, textRatio } from './computed-colours.js';
import { round2 } from './pixels.js';

const centre = (node) => {
  const r = node.getClientRects()[0]; // a link broken over two lines: its first line
  return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];
};
const settle = async () => {
  await nextFrame();
  await nextFrame();
};
async function hover(node) {
  node.scrollIntoView({ block: 'center', behavior: 'instant' });
  await settle();
  await sendMouse({ type: 'move', position: centre(node) });
  await settle();
  expect(node.matches(':hover'), 'hovered').to.equal(true);
}

const TEMPLATE = html`<redcliffe-case-study endpoint=${ENDPOINT} contact-url="https://example.com/sales" privacy-url="/privacy"></redcliffe-case-study>`;

describe('contrast in every state, from computed colours: text ≥ 4.5:1, rings and control edges ≥ 3:1', () => {
  let el, stub, downloads;
  const figures = {};
  before(async () => {
    await setViewport({ width: 1280, height: 800 });
    await emulateMedia({ reducedMotion: 'reduce' }); // every section shown, no transitions mid-measure
  });
  after(async () => {
    console.log(`[measure] contrast by state: ${JSON.stringify(figures)}`);
    await emulateMedia({ reducedMotion: 'no-preference' });
  });
  beforeEach(async () => {
    stub = stubFetch();
    el = await renderStory(TEMPLATE);
    downloads = captureDownloads(el);
  });
  afterEach(async () => {
    stub.restore();
    downloads.stop();
    await resetMouse();
    if (dialogOf(el)?.open) dialogOf(el).close();
  });

  const text45 = (name, node) => {
    const ratio = round2(textRatio(node));
    figures[name] = ratio;
    expect(ratio, `${name} text`).to.be.at.least(4.5);
  };
  const edge3 = (name, ratio) => {
    figures[name] = round2(ratio);
    expect(ratio, name).to.be.at.least(3);
  };

  it('the call-to-action button and the jump chips: at rest, hovered, focused', async () => {
    const cta = ctaButton(el);
    text45('cta button', cta);
    await hover(cta);
    text45('cta button hovered', cta);
    await sendKeys({ press: 'Shift' });
    cta.focus();
    await settle();
    edge3('cta button focus ring (hovered)', outlineRatio(cta));
    const chip = el.shadowRoot.querySelector('nav button');
    text45('jump chip', chip);
    edge3('jump chip edge', borderRatio(chip));
    await hover(chip);
    text45('jump chip hovered', chip);
    edge3('jump chip edge hovered', borderRatio(chip));
  });

  it('the dialog: disabled, busy, busy under the pointer, focus within the busy dialog', async () => {
    const answer = deferred();
    stub.restore();
    stub = stubFetch({ lead: () => answer.promise });
    el.openDownload();
    await waitOpen(el);
    const button = submitButton(el);
    expect(button.disabled).to.equal(true);
    text45('submit disabled', button);
    edge3('submit disabled edge', borderRatio(button));
    await hover(button);
    text45('submit disabled under the pointer', button);
    text45('what is still missing', dialogOf(el).querySelector('#download-missing'));
    const input = dialogOf(el).querySelector('input[name="firstName"]');
    edge3('field edge', borderRatio(input));
    await hover(input);
    edge3('field edge hovered', borderRatio(input));
    await fill(el, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail() });
    text45('submit ready', button);
    await hover(button);
    text45('submit hovered', button);
    button.click();
    await waitUntil(() => text(button) === 'Processing...', 'not busy');
    await settle();
    text45('"Processing..." under the pointer', button);
    await resetMouse();
    await settle();
    text45('"Processing..."', button);
    // Focus within the busy dialog, from the keyboard: the ring on the busy button and on a field.
    await sendKeys({ press: 'Shift' });
    button.focus();
    await settle();
    expect(button.matches(':focus-visible')).to.equal(true);
    edge3('busy button focus ring', outlineRatio(button));
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'Tab' });
    await sendKeys({ up: 'Shift' });
    await settle();
    const focused = el.shadowRoot.activeElement;
    edge3(`focus ring on ${focused.localName} in the busy dialog`, outlineRatio(focused));
    const privacy = dialogOf(el).querySelector('.privacy');
    text45('privacy line', privacy);
    text45('privacy link', privacy.querySelector('a'));
    answer.resolve(jsonResponse({ pdf_url: '/files/one-pager.pdf' }));
    await closeThanks(el);
  });

  it('the failure message and its link; the confirmation and its links', async () => {
    stub.restore();
    let fail = true;
    stub = stubFetch({ lead: () => (fail ? jsonResponse({}, 500) : jsonResponse({ pdf_url: '/files/one-pager.pdf' })) });
    ctaButton(el).click();
    await waitOpen(el);
    await fill(el, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail() });
    submitButton(el).click();
    await waitUntil(() => alertOf(el), 'no alert');
    const alert = alertOf(el);
    text45('failure message', alert.querySelector('p'));
    text45('failure contact link', alert.querySelector('a'));
    text45('"Try again"', submitButton(el));
    fail = false;
    submitButton(el).click();
    await closeThanks(el);
    await waitUntil(() => el.shadowRoot.querySelector('.cta__confirmation'), 'no confirmation');
    const confirmation = el.shadowRoot.querySelector('.cta__confirmation');
    text45('confirmation heading', confirmation.querySelector('h2'));
    for (const p of confirmation.querySelectorAll('p')) text45(`confirmation "${text(p).slice(0, 20)}…"`, p);
    for (const a of confirmation.querySelectorAll('a')) {
      text45(`confirmation link "${text(a)}"`, a);
      await hover(a);
      text45(`confirmation link "${text(a)}" hovered`, a);
    }
  });
});
