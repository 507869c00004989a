import { expect, waitUntil } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import { $, $$, inPage, openHost, storyReady } from './helpers.js';

/**
 * Right-to-left and other-language hosts: an Arabic page (<html dir="rtl" lang="ar">) and a German
 * one (<html lang="de">). The story is English, left to right: its content says so inside the
 * shadow root, so the comparison slider keeps its halves and punctuation stays put, and assistive
 * technology reads it in English.
 */
describe('right-to-left host page (<html dir="rtl" lang="ar">)', () => {
  let host;
  before(async () => {
    host = await openHost('rtl.html');
    await storyReady(host.element);
  });
  after(() => host?.frame.remove());
  afterEach(() => resetMouse());

  const style = (node) => host.win.getComputedStyle(node);

  it('the host page really is right to left', () => {
    const hostText = host.doc.getElementById('host-text');
    expect(style(hostText).direction).to.equal('rtl');
    expect(hostText.matches(':dir(rtl)')).to.equal(true);
    expect(hostText.matches(':lang(ar)')).to.equal(true);
  });

  it('the story declares English, left to right, on its content', () => {
    const main = $(host.element, '.page');
    expect(main.getAttribute('lang')).to.equal('en');
    expect(main.getAttribute('dir')).to.equal('ltr');
    for (const node of [$(host.element, 'h1'), $(host.element, '.compare__list li'), $(host.element, 'blockquote')]) {
      expect(style(node).direction, `<${node.localName}> direction`).to.equal('ltr');
      expect(node.matches(':dir(ltr)'), `<${node.localName}> :dir(ltr)`).to.equal(true);
      expect(node.matches(':lang(en)'), `<${node.localName}> :lang(en)`).to.equal(true);
    }
  });

  it('the comparison shows "before" on the left half and "after" on the right half', () => {
    const track = $(host.element, '.compare__track').getBoundingClientRect();
    const middle = track.left + track.width / 2;
    const before = $$(host.element, '.compare__pane--before li');
    const after = $$(host.element, '.compare__pane--after li');
    expect(before).to.have.length(4);
    expect(after).to.have.length(4);
    for (const item of before) {
      const box = item.getBoundingClientRect();
      expect(box.right, `before: "${item.textContent}" in the left half`).to.be.at.most(middle);
      expect(box.left).to.be.at.least(track.left);
    }
    for (const item of after) {
      const box = item.getBoundingClientRect();
      expect(box.left, `after: "${item.textContent}" in the right half`).to.be.at.least(middle);
      expect(box.right).to.be.at.most(track.right);
    }
    // What is on screen at a point: the before text is not hidden under the after pane.
    const first = before[0].getBoundingClientRect();
    const hit = host.element.shadowRoot.elementFromPoint(first.left + 4, first.top + first.height / 2);
    expect(hit?.closest('.compare__pane--before'), 'the before pane is on top at its own text').to.exist;
  });

  it('the slider follows the arrow keys, its handle moving the way the key points', async () => {
    const handle = $(host.element, '[role="slider"]');
    const x = () => handle.getBoundingClientRect().left;
    handle.focus();
    const start = Number(handle.getAttribute('aria-valuenow'));
    const from = x();
    await sendKeys({ press: 'ArrowRight' });
    await waitUntil(() => Number(handle.getAttribute('aria-valuenow')) === start + 5, 'ArrowRight did not add 5');
    expect(x(), 'ArrowRight moves the handle right').to.be.greaterThan(from);
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'ArrowLeft' });
    await waitUntil(() => Number(handle.getAttribute('aria-valuenow')) === start - 5, 'ArrowLeft did not take 5');
    expect(x(), 'ArrowLeft moves the handle left').to.be.lessThan(from);
  });

  it('the slider follows a drag, the handle staying under the pointer', async () => {
    const trackNode = $(host.element, '.compare__track');
    trackNode.scrollIntoView({ block: 'center', behavior: 'instant' });
    const handle = $(host.element, '[role="slider"]');
    const track = trackNode.getBoundingClientRect();
    const y = track.top + track.height / 2;
    await sendMouse({ type: 'move', position: inPage(host.frame, track.left + track.width * 0.3, y) });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: inPage(host.frame, track.left + track.width * 0.75, y) });
    await sendMouse({ type: 'up' });
    await waitUntil(() => Math.abs(Number(handle.getAttribute('aria-valuenow')) - 75) <= 1, 'the drag did not reach 75');
    const grip = handle.getBoundingClientRect();
    expect(grip.left + grip.width / 2, 'handle under the pointer').to.be.closeTo(track.left + track.width * 0.75, 3);
  });

  it('the 404 page and the download dialog declare English, left to right, too', async () => {
    host.win.history.pushState(null, '', '/test/browser/hosts/fixtures/rtl.html/nope');
    await waitUntil(() => $(host.element, 'h1')?.textContent === '404', 'no 404 page');
    const notFound = $(host.element, '.not-found');
    expect(notFound.matches(':lang(en):dir(ltr)'), '404 page').to.equal(true);
    expect(style($(host.element, 'h1')).direction).to.equal('ltr');
    host.win.history.back();
    await waitUntil(() => $(host.element, '[role="slider"]'), 'no story after Back');

    host.element.openDownload();
    await waitUntil(() => $(host.element, 'dialog[open]'), 'the dialog did not open');
    const dialog = $(host.element, 'dialog');
    expect(dialog.getAttribute('lang')).to.equal('en');
    const label = $(host.element, 'dialog label');
    expect(label.matches(':lang(en):dir(ltr)'), 'dialog label').to.equal(true);
    expect(style($(host.element, 'dialog input')).direction).to.equal('ltr');
    dialog.close();
  });
});

describe('German host page (<html lang="de">)', () => {
  let host;
  before(async () => {
    host = await openHost('de.html');
    await storyReady(host.element);
  });
  after(() => host?.frame.remove());

  it('the story is in English for assistive technology and hyphenation, the host page in German', () => {
    expect(host.doc.getElementById('host-text').matches(':lang(de)'), 'host page').to.equal(true);
    for (const node of [$(host.element, 'h1'), $(host.element, 'blockquote'), $(host.element, '[role="slider"]')]) {
      expect(node.matches(':lang(en)'), `<${node.localName}> is English`).to.equal(true);
      expect(node.matches(':lang(de)'), `<${node.localName}> is not German`).to.equal(false);
    }
  });
});
