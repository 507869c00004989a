/**
 * Issue 27, items 2, 4, 5 and 8 in Chromium: the form in one voice (the product's messages only, no
 * native bubble, the name row aligned, "still working" after 3 s, calm failure with the contact
 * route and, with pdf-on-failure, the PDF); the confirmation leading with the next step; the privacy
 * warning once; the quoted person from attributes; the 404 page's way back; the invalid marker in
 * forced colours.
 */
import { expect, fixture, nextFrame, waitUntil } from '@open-wc/testing';
import { executeServerCommand, sendKeys, setViewport } from '@web/test-runner-commands';
import {
  ENDPOINT,
  alertOf,
  captureDownloads,
  ctaButton,
  deferred,
  field,
  fill,
  html,
  jsonResponse,
  renderStory,
  stubFetch,
  submitButton,
  text,
  typeInto,
  uniqueEmail,
  closeThanks,
  waitOpen,
} from './helpers.js';
import { fieldMessages } from '../../../src/shared/content/field-messages.ts';
import { dialogWords } from '../../../src/shared/content/dialog.ts';
import { notFound } from '../../../src/shared/content.ts';
import { profileWords } from '../../../src/shared/content/testimonial.ts';
import defaultStory from '../../../src/shared/story/stories/redcliffe-labs.json';

const testimonialWords = { ...defaultStory.testimonial, personProfile: profileWords, customerProfile: defaultStory.testimonial.companyLink };

const $ = (el, selector) => el.shadowRoot.querySelector(selector);
const CONTACT = 'https://example.com/contact-sales';
/** The one-pager drawing's badge: its last path (an arrow, or a check mark once downloaded). */
const badgeOf = (el) => [...el.shadowRoot.querySelectorAll('.one-pager path')].at(-1)?.getAttribute('d');

describe('the form in one voice, the next step, the quoted person, the way back', () => {
  let stub;
  afterEach(async () => {
    stub?.restore();
    stub = undefined;
    await executeServerCommand('a11y-media', { features: [] });
  });

  it('shows the product’s own message beside a field, never the browser’s, with no native bubble, and keeps the name row aligned', async () => {
    await setViewport({ width: 1280, height: 800 });
    const el = await renderStory();
    ctaButton(el).click();
    await waitOpen(el);
    const form = $(el, 'dialog form');
    expect(form.noValidate, 'no native validation bubble').to.equal(true);
    expect([...el.shadowRoot.querySelectorAll('dialog [title]')]).to.deep.equal([]);
    const box = (name) => field(el, name).getBoundingClientRect();
    const before = { first: box('firstName'), last: box('lastName') };
    await fill(el, { firstName: 'Ada', lastName: ' ', email: 'ada.example.com' });
    await sendKeys({ press: 'Enter' });
    await waitUntil(() => $(el, '#download-email-problem'), 'no message beside the email');
    expect(text($(el, '#download-email-problem'))).to.equal(fieldMessages.invalidEmail);
    expect(text($(el, '#download-lastName-problem'))).to.equal(fieldMessages.required.lastName);
    expect(text($(el, '#download-email-problem'))).to.not.equal(field(el, 'email').validationMessage);
    // One name with a message: both name inputs keep their size and line.
    const after = { first: box('firstName'), last: box('lastName') };
    // Within a hundredth of a pixel: layout may land a float a few millionths apart (47.578125 vs 47.578110).
    expect(after.first.height).to.be.closeTo(before.first.height, 0.01);
    expect(after.last.height).to.be.closeTo(before.last.height, 0.01);
    expect(after.first.top).to.be.closeTo(after.last.top, 0.01);
    // Forced colours: the invalid input keeps a marker of its own (a dashed outline) besides its text.
    await executeServerCommand('a11y-media', { features: [{ name: 'forced-colors', value: 'active' }] });
    field(el, 'firstName').focus();
    await nextFrame();
    expect(matchMedia('(forced-colors: active)').matches).to.equal(true);
    const marker = getComputedStyle(field(el, 'lastName'));
    expect(marker.outlineStyle).to.equal('dashed');
    expect(parseFloat(marker.outlineWidth)).to.be.at.least(2);
    expect(getComputedStyle(field(el, 'firstName')).outlineStyle, 'a valid field has none').to.not.equal('dashed');
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`at ${viewport.width} px, a message under the first name leaves both name inputs where and as wide as they were`, async () => {
      await setViewport(viewport);
      const el = await renderStory();
      ctaButton(el).click();
      const dialog = await waitOpen(el);
      // Measured once the card has slid in (its opening animation moves it by 1em).
      await Promise.all(dialog.getAnimations({ subtree: true }).map((animation) => animation.finished));
      const box = (name) => field(el, name).getBoundingClientRect();
      const before = { first: box('firstName'), last: box('lastName') };
      // The last name only: Enter (sending) shows the first name's message (and the email's).
      await typeInto(field(el, 'lastName'), 'Lovelace');
      await sendKeys({ press: 'Enter' });
      await waitUntil(() => $(el, '#download-firstName-problem'), 'no message under the first name');
      expect(text($(el, '#download-firstName-problem'))).to.equal(fieldMessages.required.firstName);
      field(el, 'lastName').focus();
      field(el, 'lastName').blur();
      await nextFrame();
      const after = { first: box('firstName'), last: box('lastName') };
      console.log(
        `[measure] name row at ${viewport.width} px: ${JSON.stringify({ before, after }, (k, v) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v))}`,
      );
      for (const name of ['first', 'last']) {
        expect(after[name].width, `${name} name's width`).to.be.closeTo(before[name].width, 1);
        expect(after[name].height, `${name} name's height`).to.be.closeTo(before[name].height, 1);
        expect(after[name].left, `${name} name's left`).to.be.closeTo(before[name].left, 1);
      }
      expect(after.first.top, "the first name's top").to.be.closeTo(before.first.top, 1);
      if (before.first.top === before.last.top) {
        // Side by side (a wide dialog): one row, and the message under the first does not move the last.
        expect(after.last.top, "the last name's top").to.be.closeTo(before.last.top, 1);
      } else {
        // Stacked (a phone): the message sits between them, so the last name may only move down, by the message.
        const message = $(el, '#download-firstName-problem').getBoundingClientRect();
        expect(after.last.top, 'the last name is below the message').to.be.at.least(message.bottom);
      }
    });
  }

  it('says it is still working when a send takes more than 3 s, then fails calmly with the contact route and, with pdf-on-failure, the PDF', async () => {
    const answer = deferred();
    stub = stubFetch({ lead: () => answer.promise });
    const el = await renderStory(html`<redcliffe-case-study endpoint=${ENDPOINT} contact-url=${CONTACT} pdf-on-failure></redcliffe-case-study>`);
    expect(el.pdfOnFailure).to.equal(true);
    ctaButton(el).click();
    await waitOpen(el);
    await fill(el, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail() });
    submitButton(el).click();
    const status = $(el, 'dialog [role="status"]');
    await waitUntil(() => text(status) === dialogWords.submitting, 'not busy');
    const started = performance.now();
    await waitUntil(() => text(status) === dialogWords.stillWorking, 'never said it is still working', { timeout: 5000 });
    expect(performance.now() - started).to.be.within(2500, 4000);
    answer.resolve(jsonResponse({ error: 'internal_error' }, 400));
    await waitUntil(() => alertOf(el), 'no alert');
    const alert = alertOf(el);
    expect(text(alert)).to.contain(dialogWords.error);
    expect([...alert.querySelectorAll('a')].map((a) => a.href)).to.include(CONTACT);
    const pdf = [...alert.querySelectorAll('a')].find((a) => text(a) === dialogWords.pdfLink);
    expect(pdf?.href).to.match(/\/Leaflet_Case_Study_One_Pager\.pdf$/);
    expect(text(status)).to.equal('');
  });

  it('hands over no PDF on failure by default', async () => {
    stub = stubFetch({ lead: () => jsonResponse({ error: 'internal_error' }, 400) });
    const el = await renderStory();
    expect(el.pdfOnFailure).to.equal(false);
    ctaButton(el).click();
    await waitOpen(el);
    await fill(el, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail() });
    submitButton(el).click();
    await waitUntil(() => alertOf(el), 'no alert');
    expect([...alertOf(el).querySelectorAll('a')].some((a) => text(a) === dialogWords.pdfLink)).to.equal(false);
  });

  it('after the download the confirmation leads with the next step as a button, shows a check mark and leaves no empty band', async () => {
    stub = stubFetch({});
    const el = await renderStory(html`<redcliffe-case-study endpoint=${ENDPOINT} contact-url=${CONTACT} contact-label="Book a demo"></redcliffe-case-study>`);
    const downloads = captureDownloads(el);
    // Before: the offer's cover (cover.test.js); after: the drawing, with a check mark, not the arrow.
    await waitUntil(() => $(el, 'img.cta__cover'), 'no cover');
    const arrow = 'M78 86v15M72 95l6 6 6-6';
    ctaButton(el).click();
    await waitOpen(el);
    await fill(el, { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail() });
    submitButton(el).click();
    await closeThanks(el);
    await waitUntil(() => $(el, '.cta__confirmation'), 'no confirmation');
    const confirmation = $(el, '.cta__confirmation');
    const next = confirmation.querySelector('a.button');
    expect(next?.href).to.equal(CONTACT);
    expect(text(next)).to.equal('Book a demo');
    const links = [...confirmation.querySelectorAll('a')];
    expect(links.indexOf(next), 'the next step comes before the PDF link').to.equal(0);
    expect(badgeOf(el), 'a check mark, not the arrow').to.not.equal(arrow);
    expect(badgeOf(el), 'the drawing with its check mark').to.equal('M71 94l5 5 9-10');
    // No large empty band: the section ends where its content does (its padding aside).
    const section = $(el, '#cta').getBoundingClientRect();
    const content = confirmation.getBoundingClientRect();
    expect(section.bottom - content.bottom).to.be.below(64);
    downloads.stop();
  });

  it('says once per page, in the console, that the form has no privacy notice', async () => {
    const warnings = [];
    const original = console.warn;
    console.warn = (...args) => warnings.push(args.join(' '));
    try {
      await renderStory();
      await renderStory();
      await nextFrame();
    } finally {
      console.warn = original;
    }
    // Earlier tests on this page may have said it already: never more than once.
    expect(warnings.filter((line) => line.includes('privacy-url')).length).to.be.at.most(1);
  });

  it('quotes the person the attributes name, links their profile honestly, and falls back to the placeholders', async () => {
    const el = await renderStory(
      html`<redcliffe-case-study
        endpoint=${ENDPOINT}
        testimonial-name="Asha Rao"
        testimonial-title="Head of Care"
        testimonial-url="https://example.com/asha"
        testimonial-photo="/asha.jpg"
      ></redcliffe-case-study>`,
    );
    await waitUntil(() => $(el, '.testimonial__name'), 'no testimonial');
    expect(text($(el, '.testimonial__name'))).to.equal('Asha Rao');
    expect(text($(el, '.testimonial__role'))).to.contain('Head of Care');
    const profile = $(el, '.testimonial__person a');
    expect(profile.href).to.equal('https://example.com/asha');
    expect(text(profile)).to.equal(testimonialWords.personProfile.label('Asha Rao'));
    expect($(el, '.testimonial__avatar img').getAttribute('src')).to.equal('/asha.jpg');
    el.testimonialUrl = 'javascript:alert(1)';
    el.testimonialName = null;
    await waitUntil(() => text($(el, '.testimonial__name')) === testimonialWords.person.name, 'the default did not come back');
    expect($(el, '.testimonial__person a').href, 'an unsafe address is never a link').to.equal(testimonialWords.customerProfile.url);
    expect(text($(el, '.testimonial__person a'))).to.equal(testimonialWords.customerProfile.label);
  });

  it('the 404 page offers the way back to the story beside "Return to Home"', async () => {
    history.replaceState(null, '', '/case-study/redcliffe-labs/no-such-page');
    const el = await fixture(html`<redcliffe-case-study></redcliffe-case-study>`);
    await waitUntil(() => $(el, '.not-found'), 'no 404 page');
    const links = [...el.shadowRoot.querySelectorAll('.not-found a')].map((a) => [text(a), new URL(a.href).pathname]);
    expect(links).to.deep.equal([
      [notFound.home, '/'],
      [notFound.story, '/case-study/redcliffe-labs/'],
    ]);
  });
});
