/**
 * Helpers for the download dialog's browser tests (not a test file itself). The tests import the
 * built bundle and answer the endpoint with a stubbed window.fetch that records every call.
 */
import { fixture, html, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../dist/redcliffe-case-study.js';

export { html };

export const STORY_URL = '/case-study/redcliffe-labs/?utm_source=newsletter&utm_medium=email&utm_campaign=launch';
export const ENDPOINT = '/api/test-download/';
export const FORM_URL = 'https://forms.example.com/f/redcliffe';
export const FILE_NAME = 'Leaflet_Case_Study_One_Pager.pdf';
export const ERROR_TEXT = 'We couldn’t send your details just now. What you typed is still here: try again in a moment.';

export const $ = (el, selector) => el.shadowRoot.querySelector(selector);
export const text = (node) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
export const dialogOf = (el) => $(el, 'dialog');
export const field = (el, name) => $(el, `dialog input[name="${name}"]`);
export const submitButton = (el) => $(el, 'dialog button[type="submit"]');
export const closeButton = (el) => [...el.shadowRoot.querySelectorAll('dialog button')].find((button) => text(button) === 'Close');
export const ctaButton = (el) => $(el, '[part="cta-button"]');
export const alertOf = (el) => $(el, 'dialog [role="alert"]');
export const activeIn = (el) => el.shadowRoot.activeElement;

let emails = 0;
/** A fresh email per test: the answer cache is shared by the page and keyed by email. */
export const uniqueEmail = () => `ada.lovelace+${Date.now()}${++emails}@example.com`;

/** Render the story (with UTM parameters in the URL) and wait for the call-to-action button. */
export async function renderStory(template = html`<redcliffe-case-study endpoint=${ENDPOINT} form-url=${FORM_URL}></redcliffe-case-study>`) {
  history.replaceState(null, '', STORY_URL);
  const el = await fixture(template);
  await waitUntil(() => ctaButton(el), 'the call-to-action did not render', { timeout: 5000 });
  return el;
}

export async function waitOpen(el) {
  await waitUntil(() => dialogOf(el)?.open, 'the dialog did not open', { timeout: 5000 });
  return dialogOf(el);
}

/**
 * A node at rest: the dialog's fade-in (0.22 s of opacity, again when the thank-you shows)
 * finished. Colours read during it are blended with the page behind: axe measured the intro's
 * #4f5d5a as #747f7c (4.14:1) mid-fade on a loaded machine.
 */
export async function atRest(node) {
  await Promise.all(node.getAnimations({ subtree: true }).map((animation) => animation.finished));
  return node;
}

export async function waitClosed(el) {
  await waitUntil(() => !dialogOf(el).open, 'the dialog did not close', { timeout: 5000 });
}

/** The dialog's thank-you after a good submit (the next step, the file's link), or null. */
export const thanksOf = (el) => $(el, 'dialog[open] .download__done');

/** After a good submit the dialog stays open as the thank-you: wait for it, then close it with its ×. */
export async function closeThanks(el) {
  await waitUntil(() => thanksOf(el), 'the dialog did not become the thank-you', { timeout: 8000 });
  closeButton(el).click();
  await waitClosed(el);
}

/** Type like a visitor: focus the field, then real key presses. */
export async function typeInto(input, value) {
  input.focus();
  await sendKeys({ type: value });
}

export async function fill(el, { firstName, lastName, email }) {
  await typeInto(field(el, 'firstName'), firstName);
  await typeInto(field(el, 'lastName'), lastName);
  await typeInto(field(el, 'email'), email);
}

export const pdfResponse = () =>
  new Response(new Blob(['%PDF-1.7\n% Redcliffe one-pager\n%%EOF'], { type: 'application/pdf' }), {
    headers: { 'Content-Type': 'application/pdf' },
  });

export const jsonResponse = (body, status = 200, headers = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/**
 * Replace window.fetch. `lead(call, n)` answers POSTs to the endpoint (n counts them from 0),
 * `pdf(call)` everything else but the spam-token requests (`tokens`, answered 405). Each may return a Response, a promise of one, or throw.
 */
export function stubFetch({ lead = () => jsonResponse({ pdf_url: '/files/one-pager.pdf' }), pdf = () => pdfResponse() } = {}) {
  const original = window.fetch;
  const calls = [];
  const leads = [];
  const tokens = [];
  window.fetch = async (input, init = {}) => {
    // The lead server's spam token (src/lib/lead-token.ts), asked for when the dialog opens: kept
    // apart from the calls the tests count, and answered as a server without tokens answers.
    if (init.cache === 'no-store' && (init.method ?? 'GET') === 'GET') {
      tokens.push(new URL(String(input), document.baseURI).href);
      return new Response(null, { status: 405 });
    }
    const call = {
      url: new URL(String(input), document.baseURI).href,
      init,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body,
      at: performance.now(),
    };
    calls.push(call);
    if (call.method === 'POST') {
      leads.push(call);
      return lead(call, leads.length - 1);
    }
    return pdf(call);
  };
  return { calls, leads, tokens, pdfs: () => calls.filter((call) => call.method !== 'POST'), restore: () => (window.fetch = original) };
}

/** Record (and cancel, so nothing is saved on the test machine) clicks on `<a download>` in the shadow root. */
export function captureDownloads(el) {
  const clicks = [];
  const listener = (event) => {
    const anchor = event.target;
    if (anchor instanceof HTMLAnchorElement && anchor.hasAttribute('download')) {
      clicks.push({ download: anchor.download, href: anchor.href, connected: anchor.isConnected });
      event.preventDefault();
    }
  };
  el.shadowRoot.addEventListener('click', listener, true);
  return { clicks, stop: () => el.shadowRoot.removeEventListener('click', listener, true) };
}

/** Events of the given types heard on document (so they crossed the shadow boundary). */
export function listenOnDocument(types) {
  const events = [];
  const listener = (event) => events.push({ type: event.type, detail: event.detail, target: event.target });
  for (const type of types) document.addEventListener(type, listener);
  return { events, stop: () => types.forEach((type) => document.removeEventListener(type, listener)) };
}

/** Record console.error calls (still printing them) until restore(). */
export function spyConsoleError() {
  const original = console.error;
  const calls = [];
  console.error = (...args) => {
    calls.push(args.map(String).join(' '));
    original.apply(console, args);
  };
  return { calls, restore: () => (console.error = original) };
}

/** A promise with its resolve function, to hold an answer "in flight". */
export function deferred() {
  let resolve;
  const promise = new Promise((r) => (resolve = r));
  return { promise, resolve };
}
