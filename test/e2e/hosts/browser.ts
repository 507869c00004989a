/** Chromium helpers shared by the host-app tests: a watched page, the lead form, downloads. */
import { mkdir } from 'node:fs/promises';
import type { Browser, CDPSession, HTTPResponse, Page } from 'puppeteer-core';

export interface WatchedPage {
  page: Page;
  /** Every console message, as `type: text`. */
  console: string[];
  pageErrors: string[];
}

export async function openWatched(browser: Browser, url: string): Promise<WatchedPage> {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  const watched: WatchedPage = { page, console: [], pageErrors: [] };
  page.on('console', (message) => watched.console.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => watched.pageErrors.push(String((error as Error).message ?? error)));
  await page.goto(url, { waitUntil: 'networkidle0' });
  return watched;
}

/** Lets the whole browser save downloads into `dir` (headless Chromium refuses them otherwise). */
export async function allowDownloads(session: CDPSession, dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await session.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir });
}

/** Scrolls through the page so the lazy sections load, then clicks the element's call-to-action button. */
export async function clickCta(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
  });
  const cta = await page.waitForSelector('pierce/[part="cta-button"]', { visible: true, timeout: 15_000 });
  await cta!.click();
}

/** Types a lead into the open dialog. */
export async function fillLead(page: Page, lead: { firstName: string; lastName: string; email: string }): Promise<void> {
  await page.waitForSelector('pierce/dialog[open]', { visible: true, timeout: 10_000 });
  const firstName = await page.waitForSelector('pierce/input[name="firstName"]', { visible: true });
  await firstName!.type(lead.firstName);
  await (await page.$('pierce/input[name="lastName"]'))!.type(lead.lastName);
  await (await page.$('pierce/input[name="email"]'))!.type(lead.email);
}

/** Whether `response` answers a lead post: the element's `view`/`open` beacons go to the same endpoint, as text/plain. */
export const isLeadPost = (response: HTTPResponse): boolean =>
  response.request().method() === 'POST' && !(response.request().headers()['content-type'] ?? '').startsWith('text/plain');

/** Presses the dialog's submit button; resolves with the endpoint's answer. */
export async function sendLead(page: Page, endpointPath: string): Promise<HTTPResponse> {
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === endpointPath && isLeadPost(response), {
    timeout: 15_000,
  });
  await (await page.$('pierce/dialog[open] button[type="submit"]'))!.click();
  return answer;
}

/** Resolves once a console message matching `pattern` has arrived (they are collected in `watched.console`). */
export async function waitForConsole(watched: WatchedPage, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = watched.console.find((line) => pattern.test(line));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no console message ${pattern} within ${timeoutMs} ms; got:\n${watched.console.join('\n')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Proves the element is live (hydrated or rendered): focuses the comparison slider, presses
 * ArrowRight and waits for it to move from 50 to 55.
 */
export async function expectSliderAnswersKeys(page: Page, timeout = 15_000): Promise<void> {
  const handle = await page.waitForSelector('pierce/[role="slider"]', { timeout });
  await handle!.focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(
    () => document.querySelector('redcliffe-case-study')!.shadowRoot!.querySelector('[role="slider"]')!.getAttribute('aria-valuenow') === '55',
    { timeout },
  );
}

/**
 * WordPress's avatars (the logged-in toolbar, comments): Debian's WordPress asks gravatar.com over
 * http: or https: depending on the site's scheme, and this machine has no internet, so those
 * requests fail whatever the element does. Not the element's to answer for.
 */
export const isGravatar = (url: string): boolean => /^https?:\/\/([\w-]+\.)*gravatar\.com\//.test(url);

/**
 * An error or warning in the page's console, except the element's one note that the form shows no
 * privacy notice (src/components/CtaSection/CtaSection.tsx), which every page without `privacy-url`
 * gets on purpose.
 */
export const isConsoleProblem = (line: string): boolean => /^(error|warn(ing)?):/.test(line) && !/shows no privacy notice/.test(line);
