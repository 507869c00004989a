/**
 * The offer within the first screen and in reach while reading (issue 27, item 1): the hero's second
 * action opens the download dialog; the slim offer is a rail beside the sections on a wide screen and
 * a bar at the bottom on a phone, only after the hero, never over the story's text or the dialog,
 * dismissible with the mouse and the keyboard, still under reduced motion, gone on paper.
 * The page here is bare: nothing but the element.
 */
import { expect, nextFrame, waitUntil } from '@open-wc/testing';
import { emulateMedia, resetMouse, sendKeys, sendMouse, setViewport } from '@web/test-runner-commands';
import {
  ENDPOINT,
  captureDownloads,
  dialogOf,
  fill,
  html,
  renderStory,
  stubFetch,
  submitButton,
  text,
  uniqueEmail,
  waitClosed,
  closeThanks,
  waitOpen,
} from '../download/helpers.js';
import { heroWords } from '../../../src/shared/content.ts';
import { offerWords as elementOfferWords } from '../../../src/shared/content/offer.ts';
import defaultStory from '../../../src/shared/story/stories/redcliffe-labs.json';

const hero = { ...defaultStory.hero, ...heroWords };
const ctaSection = { title: defaultStory.titles.cta };
const offerWords = { ...elementOfferWords, ...defaultStory.offer };
import { textRatio } from '../a11y/computed-colours.js';

const $ = (el, selector) => el.shadowRoot.querySelector(selector);
const buttonNamed = (root, name) => [...root.querySelectorAll('button')].find((button) => text(button) === name) ?? null;
const heroDownload = (el) => buttonNamed($(el, '.hero'), hero.download);
const offer = (el) => $(el, '.offer');
const settle = async () => {
  await nextFrame();
  await nextFrame();
};
/** Every box of text in the story's sections (not the offer itself). */
const textBoxes = (el) =>
  [...el.shadowRoot.querySelectorAll('.below-hero section :is(p, li, h2, h3, blockquote, figcaption, dt, dd, strong, span)')]
    .filter((node) => !node.closest('.offer') && node.textContent.trim() && node.getClientRects().length)
    .map((node) => node.getBoundingClientRect());
const overlaps = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
const story = () =>
  renderStory(html`<redcliffe-case-study endpoint=${ENDPOINT} contact-url="https://example.com/sales" privacy-url="/privacy"></redcliffe-case-study>`);

describe('the offer within the first screen and in reach', () => {
  let el;
  afterEach(async () => {
    await emulateMedia({ reducedMotion: 'no-preference', media: 'screen' });
    window.scrollTo(0, 0);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`at ${viewport.width}x${viewport.height}, the hero's download action is in the first screen and opens the dialog; the spec's button still scrolls`, async () => {
      await setViewport(viewport);
      el = await story();
      window.scrollTo(0, 0);
      const action = heroDownload(el);
      const box = action.getBoundingClientRect();
      expect(box.bottom + scrollY, 'the offer ends within the first screen').to.be.at.most(viewport.height);
      expect(box.width).to.be.greaterThan(0);
      expect(buttonNamed($(el, '.hero'), hero.readMore), 'the spec button is still there').to.not.equal(null);
      action.focus();
      await sendKeys({ press: 'Enter' });
      await waitOpen(el);
      // The dialog sits in the top layer: the offer's bar never covers it.
      await sendKeys({ press: 'Escape' });
      await waitClosed(el);
      expect(el.shadowRoot.activeElement, 'focus returns to the hero action').to.equal(action);
    });
  }

  it('on a phone: no bar while the hero is on screen; a bar at the bottom while the sections are read; resting in its own space at their end', async () => {
    await setViewport({ width: 390, height: 844 });
    el = await story();
    await waitUntil(() => offer(el), 'no offer');
    window.scrollTo(0, 0);
    await settle();
    const card = () => offer(el).getBoundingClientRect();
    expect(card().top, 'not on the first screen (the hero has its own action)').to.be.at.least(innerHeight);
    // Half-way through the testimonial: stuck to the bottom of the screen.
    const testimonial = $(el, '#leadership-perspective');
    window.scrollTo(0, testimonial.getBoundingClientRect().top + scrollY);
    await settle();
    expect(card().bottom).to.be.within(innerHeight - 20, innerHeight);
    expect(card().height, 'slim').to.be.below(80);
    expect(text(offer(el))).to.contain(ctaSection.title);
    // At the end of the sections it rests below the last one: no text under it.
    const last = $(el, '#challenge-solution');
    window.scrollTo(0, last.getBoundingClientRect().bottom + scrollY - innerHeight / 2);
    await settle();
    expect(card().top, 'below the last section').to.be.at.least(last.getBoundingClientRect().bottom);
    expect(textBoxes(el).filter((box) => overlaps(box, card()))).to.deep.equal([]);
  });

  it('on a phone, scrolled through in steps: the bar covers only lines still to be scrolled above it, never the hero, the call to action or the dialog', async () => {
    await setViewport({ width: 390, height: 844 });
    el = await story();
    await waitUntil(() => offer(el), 'no offer');
    const root = el.shadowRoot;
    /** Every line box of the story's text (Range.getClientRects over the shadow root's text nodes), but the bar's own. */
    const lines = () => {
      const found = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!node.data.trim() || !parent || parent.closest('.offer, .visually-hidden, dialog, style')) continue;
        range.selectNodeContents(node);
        for (const box of range.getClientRects()) {
          if (box.width > 0 && box.height > 0) found.push({ box, node, words: node.data.trim().slice(0, 40) });
        }
      }
      return found;
    };
    const scrollMax = () => document.documentElement.scrollHeight - innerHeight;
    let shown = 0;
    let stuck = 0;
    for (let y = 0; ; y = Math.min(y + 150, scrollMax())) {
      window.scrollTo(0, y);
      await settle();
      const current = offer(el);
      const bar = current.getBoundingClientRect();
      if (bar.bottom > 0 && bar.top < innerHeight) {
        shown++;
        // Entering with the sections (its sticky box still at the top of the block it sticks in, the
        // results band first), it scrolls in with them; once inside, it sticks flush to the bottom.
        const entering = Math.abs(bar.top - parseFloat(getComputedStyle(current).marginTop) - $(el, '.below-hero').getBoundingClientRect().top) < 1;
        if (bar.bottom > innerHeight - 1 && !entering) {
          stuck++;
          // Flush with the screen's bottom edge: no line shows in a gap under it.
          expect(bar.bottom, `the bar at ${y} reaches the bottom edge`).to.be.closeTo(innerHeight, 1);
        }
        const room = scrollMax() - scrollY;
        for (const { box, node, words } of lines()) {
          if (!overlaps(box, bar)) continue;
          expect(node.parentElement.closest('.hero, #cta'), `"${words}" (hero or call to action) under the bar at ${y}`).to.equal(null);
          // Under the bar only while still to come: the page scrolls on far enough to bring it above the bar.
          expect(box.bottom - bar.top, `"${words}" under the bar at ${y} can be scrolled above it`).to.be.at.most(room);
        }
      }
      if (y >= scrollMax()) break;
    }
    expect(shown, 'the bar was shown while reading').to.be.greaterThan(3);
    expect(stuck, 'stuck at the bottom of the screen while reading').to.be.greaterThan(2);
    // The last line of the sections, scrolled to the middle of the screen, is above the bar (which rests below it).
    const storyLines = lines().filter(({ node }) => node.parentElement.closest('.below-hero section'));
    const last = storyLines.reduce((a, b) => (b.box.bottom + scrollY > a.box.bottom + scrollY ? b : a));
    window.scrollTo(0, last.box.bottom + scrollY - innerHeight / 2);
    await settle();
    const lastBox = [...lines()].filter(({ node }) => node === last.node).at(-1).box;
    expect(lastBox.bottom, `the last line "${last.words}" above the bar`).to.be.at.most(offer(el).getBoundingClientRect().top);
    // The dialog, opened from the bar, is over it (the top layer): nothing of the bar can be hit.
    window.scrollTo(0, $(el, '#leadership-perspective').getBoundingClientRect().top + scrollY);
    await settle();
    const bar = offer(el).getBoundingClientRect();
    buttonNamed(offer(el), offerWords.button).click();
    await waitOpen(el);
    for (const x of [bar.left + 4, bar.left + bar.width / 2, bar.right - 4]) {
      const hit = root.elementFromPoint(x, bar.top + bar.height / 2);
      expect(hit?.closest('.offer') ?? null, 'the bar is under the dialog').to.equal(null);
    }
    dialogOf(el).close();
    await waitClosed(el);
    // Still dismissible on a phone.
    const cross = [...offer(el).querySelectorAll('button')].find((button) => text(button) === offerWords.dismiss);
    cross.click();
    await waitUntil(() => !offer(el), 'the cross did not hide it');
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`at ${viewport.width}x${viewport.height}, the hero's two actions sit ${viewport.width > 1000 ? 'side by side' : 'one under the other'}`, async () => {
      await setViewport(viewport);
      el = await story();
      window.scrollTo(0, 0);
      await settle();
      const [read, download] = [buttonNamed($(el, '.hero'), hero.readMore), heroDownload(el)].map((button) => button.getBoundingClientRect());
      const actions = $(el, '.hero__actions').getBoundingClientRect();
      // The offer is the filled primary action; the spec's scroll button the outlined secondary.
      const look = (button) => getComputedStyle(button);
      const [readStyle, downloadStyle] = [buttonNamed($(el, '.hero'), hero.readMore), heroDownload(el)].map(look);
      expect(downloadStyle.backgroundColor, 'the offer filled').to.equal('rgb(7, 94, 84)');
      expect(readStyle.backgroundColor, 'the read action not filled').to.equal('rgb(255, 255, 255)');
      expect(readStyle.borderTopColor, 'the read action outlined').to.equal('rgb(7, 94, 84)');
      console.log(
        `[measure] hero actions at ${viewport.width}x${viewport.height}: ${JSON.stringify([read, download].map((b) => [b.left, b.top, b.width, b.height].map(Math.round)))}; the offer ends at ${((download.bottom + scrollY) / innerHeight).toFixed(2)} screens`,
      );
      for (const box of [read, download]) {
        expect(box.left).to.be.at.least(actions.left - 1);
        expect(box.right, 'inside the hero column').to.be.at.most(actions.right + 1);
      }
      if (viewport.width > 1000) {
        expect(download.top, 'one row').to.be.closeTo(read.top, 1);
        expect(read.left, 'the offer first, the read action after it').to.be.at.least(download.right);
      } else {
        expect(read.top, 'stacked, the offer first').to.be.at.least(download.bottom);
        expect(download.left).to.be.closeTo(read.left, 1);
      }
    });
  }

  it('on a wide screen: a rail beside the sections, below the header offset, never over their text at any scroll position', async () => {
    await setViewport({ width: 1280, height: 800 });
    el = await story();
    await waitUntil(() => offer(el), 'no offer');
    const sections = $(el, '.below-hero');
    const top = sections.getBoundingClientRect().top + scrollY;
    const bottom = sections.getBoundingClientRect().bottom + scrollY;
    let stuck = 0;
    for (let y = top - 400; y < bottom; y += 250) {
      window.scrollTo(0, y);
      await settle();
      const card = offer(el).getBoundingClientRect();
      expect(
        textBoxes(el).filter((box) => overlaps(box, card)),
        `text under the rail at ${y}`,
      ).to.deep.equal([]);
      if (Math.abs(card.top - (80 + 16)) < 2) stuck++;
    }
    expect(stuck, 'it stays in reach (stuck below the header offset) while reading').to.be.greaterThan(2);
    expect(offer(el).getBoundingClientRect().left).to.be.greaterThan($(el, '#leadership-perspective').getBoundingClientRect().right);
    expect(text(offer(el))).to.contain(offerWords.text);
  });

  it('its button opens the dialog; Escape inside it, or its cross, hides it and leaves focus in its place with a note', async () => {
    await setViewport({ width: 1280, height: 800 });
    el = await story();
    await waitUntil(() => offer(el), 'no offer');
    const open = buttonNamed(offer(el), offerWords.button);
    open.click();
    await waitOpen(el);
    dialogOf(el).close();
    await waitClosed(el);
    // Keyboard: Escape while focus is in it.
    buttonNamed(offer(el), offerWords.button).focus();
    await sendKeys({ press: 'Escape' });
    await waitUntil(() => !offer(el), 'Escape did not hide it');
    const note = $(el, '.offer-note');
    await waitUntil(() => el.shadowRoot.activeElement === note, 'focus did not move to the note');
    expect(text(note)).to.equal(offerWords.dismissed);
    // Next Tab goes on to what followed it (the call to action), not back to the top.
    await sendKeys({ press: 'Tab' });
    expect(el.shadowRoot.activeElement?.closest('#cta, .jump-nav'), 'focus went on after the note').to.not.equal(null);

    // The cross, by its accessible name.
    el = await story();
    await waitUntil(() => offer(el), 'no offer');
    const cross = [...offer(el).querySelectorAll('button')].find((button) => text(button) === offerWords.dismiss);
    cross.focus();
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => !offer(el), 'the cross did not hide it');
  });

  it('is gone once the PDF was downloaded, and on paper; nothing in it moves under reduced motion; its text passes 4.5:1', async () => {
    await setViewport({ width: 390, height: 844 });
    await emulateMedia({ reducedMotion: 'reduce' });
    const stub = stubFetch({});
    try {
      el = await story();
      const downloads = captureDownloads(el);
      await waitUntil(() => offer(el), 'no offer');
      expect(offer(el).getAnimations({ subtree: true })).to.deep.equal([]);
      const button = buttonNamed(offer(el), offerWords.button);
      expect(
        getComputedStyle(button)
          .transitionDuration.split(',')
          .every((d) => parseFloat(d) === 0),
      ).to.equal(true);
      for (const node of [offer(el).querySelector('.offer__title'), button]) expect(textRatio(node), text(node)).to.be.at.least(4.5);
      await emulateMedia({ media: 'print' });
      expect(getComputedStyle(offer(el)).display).to.equal('none');
      await emulateMedia({ media: 'screen' });
      button.click();
      await waitOpen(el);
      await fill(el, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail() });
      submitButton(el).click();
      await closeThanks(el);
      await waitUntil(() => !offer(el), 'the offer stayed after the download');
      downloads.stop();
    } finally {
      stub.restore();
    }
  });

  it('the hero action and the offer keep 4.5:1 text at rest, under the pointer and focused', async () => {
    await setViewport({ width: 1280, height: 800 });
    el = await story();
    await waitUntil(() => offer(el), 'no offer');
    const targets = [heroDownload(el), buttonNamed(offer(el), offerWords.button)];
    for (const node of targets) {
      node.scrollIntoView({ block: 'center', behavior: 'instant' });
      await settle();
      expect(textRatio(node), `${text(node)} at rest`).to.be.at.least(4.5);
      const r = node.getBoundingClientRect();
      await sendMouse({ type: 'move', position: [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)] });
      await settle();
      expect(node.matches(':hover')).to.equal(true);
      expect(textRatio(node), `${text(node)} hovered`).to.be.at.least(4.5);
      node.focus();
      expect(textRatio(node), `${text(node)} focused`).to.be.at.least(4.5);
      await resetMouse();
    }
  });
});
