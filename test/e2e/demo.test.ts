/**
 * End to end, in Debian's Chromium: the demo host site (demo/server.mjs) with the real lead
 * handler and SQLite store, the element from dist/, the form filled and sent, the PDF saved
 * under its fixed name, the lead in the database (read back with `redcliffe-leads export`). Also: the strict-CSP page, the CMS base,
 * the element's 404 under a deeper path, and the demo server's own routes.
 *
 * Builds what is missing first (ensure-built.mjs), so it runs from a clean checkout.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type CDPSession, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, paths } from '../../demo/ensure-built.mjs';
import { DEMO_FORM_URL, PAGES, STRICT_CSP, startDemoServer, type DemoServer } from '../../demo/server.mjs';
import { launchOptions } from '../../scripts/chromium.mjs';
import { download as downloadCopy, notFound } from '../../src/shared/content.js';
import defaultStory from '../../src/shared/story/stories/redcliffe-labs.json' with { type: 'json' };
import secondStory from '../../demo/stories/northwind-clinics.json' with { type: 'json' };

const { hero } = defaultStory;
import { isLeadPost } from './hosts/browser.js';
import { REDCLIFFE_WORDS } from '../stories/third-story.mjs';

const PDF_NAME = downloadCopy.fileName; // Leaflet_Case_Study_One_Pager.pdf

let demo: DemoServer;
let browser: Browser;
let browserSession: CDPSession;
let work: string;

beforeAll(async () => {
  await ensureBuilt({ log: () => {} });
  work = await mkdtemp(path.join(tmpdir(), 'rcs-e2e-'));
  demo = await startDemoServer({ port: 0, leadsDb: path.join(work, 'leads', 'leads.db'), quiet: true });
  browser = await puppeteer.launch(launchOptions);
  browserSession = await browser.target().createCDPSession();
}, 300_000);

afterAll(async () => {
  await browserSession?.detach().catch(() => {});
  await browser?.close();
  await demo?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

interface Watched {
  page: Page;
  console: { type: string; text: string }[];
  pageErrors: string[];
  failedRequests: string[];
}

/** A fresh page that records console messages, uncaught errors, failed requests and CSP violations. */
async function openPage(url: string): Promise<Watched & { status: number | undefined; headers: Record<string, string> }> {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  const watched: Watched = { page, console: [], pageErrors: [], failedRequests: [] };
  page.on('console', (message) => watched.console.push({ type: message.type(), text: message.text() }));
  page.on('pageerror', (error) => watched.pageErrors.push(String((error as Error).message ?? error)));
  page.on('requestfailed', (request) => watched.failedRequests.push(`${request.url()} ${request.failure()?.errorText}`));
  // Runs before the page's own scripts (injected over CDP, so the page's CSP does not block it).
  await page.evaluateOnNewDocument(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  const response = await page.goto(url, { waitUntil: 'networkidle0' });
  return { ...watched, status: response?.status(), headers: response?.headers() ?? {} };
}

const cspViolations = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations);

/** Scrolls through the page so the lazy sections load, then waits for the CTA button in the shadow root. */
async function revealCta(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 400) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
  });
  return page.waitForSelector('pierce/[part="cta-button"]', { visible: true, timeout: 15_000 });
}

/** Saves downloads of the whole browser into `dir`; resolves with the suggested name once one completes. */
async function captureDownload(dir: string): Promise<{ done: Promise<string> }> {
  await browserSession.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: dir, eventsEnabled: true });
  const names = new Map<string, string>();
  const done = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no download completed within 20 s')), 20_000);
    const onBegin = (event: { guid: string; suggestedFilename: string }) => names.set(event.guid, event.suggestedFilename);
    const onProgress = (event: { guid: string; state: string }) => {
      if (event.state === 'inProgress') return;
      clearTimeout(timer);
      browserSession.off('Browser.downloadWillBegin', onBegin);
      browserSession.off('Browser.downloadProgress', onProgress);
      if (event.state === 'completed') resolve(names.get(event.guid) ?? '');
      else reject(new Error(`download ${event.state}`));
    };
    browserSession.on('Browser.downloadWillBegin', onBegin);
    browserSession.on('Browser.downloadProgress', onProgress);
  });
  done.catch(() => {});
  return { done };
}

/** Opens the dialog from the CTA, fills it, sends it; resolves with the endpoint's JSON answer. */
async function submitLead(page: Page, lead: { firstName: string; lastName: string; email: string }) {
  const cta = await revealCta(page);
  await cta!.click();
  await page.waitForSelector('pierce/dialog[open]', { visible: true, timeout: 10_000 });
  const firstName = await page.waitForSelector('pierce/input[name="firstName"]', { visible: true });
  await firstName!.type(lead.firstName);
  await (await page.$('pierce/input[name="lastName"]'))!.type(lead.lastName);
  await (await page.$('pierce/input[name="email"]'))!.type(lead.email);
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/download-case-study/' && isLeadPost(response), {
    timeout: 15_000,
  });
  await (await page.$('pierce/dialog[open] button[type="submit"]'))!.click();
  const response = await answer;
  return { status: response.status(), body: (await response.json()) as { pdf_url?: string }, request: response.request() };
}

/** Every lead in the demo's database, as `redcliffe-leads export --format ndjson` prints them. */
async function storedLeads(): Promise<Record<string, unknown>[]> {
  const cli = spawnSync(process.execPath, [path.join(paths.dist, 'server', 'cli.js'), 'export', '--format', 'ndjson'], {
    env: { ...process.env, DATABASE_URL: '', LEADS_DB: demo.leadsDb! },
    encoding: 'utf8',
  });
  expect(cli.status, cli.stderr).toBe(0);
  const text = cli.stdout;
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function expectDownloadedPdf(dir: string, done: Promise<string>) {
  const suggested = await done;
  expect(suggested).toBe(PDF_NAME);
  expect(await readdir(dir)).toContain(PDF_NAME);
  const bytes = await readFile(path.join(dir, PDF_NAME));
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.equals(await readFile(paths.pdf))).toBe(true);
}

describe('demo host site, end to end in Chromium', () => {
  it('story page: the CTA opens the form, the lead is stored, the one-pager downloads under its fixed name', async () => {
    const { page, console: messages, pageErrors, failedRequests, headers } = await openPage(demo.url + PAGES.story);
    try {
      expect(headers['x-content-type-options']).toBe('nosniff');
      const h1 = await page.waitForSelector('pierce/h1', { timeout: 10_000 });
      expect(await h1!.evaluate((el) => el.textContent)).toBe(hero.headline);

      const dir = path.join(work, 'downloads-story');
      const { done } = await captureDownload(dir);
      const email = `ada.e2e.${Date.now()}@example.com`;
      const { status, body, request } = await submitLead(page, { firstName: 'Ada', lastName: 'Lovelace', email });

      expect(status).toBe(200);
      expect(body.pdf_url).toBe(`${demo.url}/assets/redcliffe-case-study/${PDF_NAME}`);
      const payload = JSON.parse(request.postData() ?? '{}');
      expect(payload.url).toBe(DEMO_FORM_URL);
      expect(payload.data).toMatchObject({ 'First Name': 'Ada', 'Last Name': 'Lovelace', 'Work Email': email });

      await expectDownloadedPdf(dir, done);
      // On success the modal closes (SPEC §4): the thank-you stays, non-modal, with the file's link as the fallback.
      const fallback = await page.waitForSelector('pierce/dialog[open] .download__done a[download]', { visible: true, timeout: 5_000 });
      expect(await fallback!.evaluate((link) => link.closest('dialog')!.matches(':modal'))).toBe(false);

      // The lead is in the database (committed before the 200; forwarding to the offline form
      // endpoint goes through the outbox afterwards and cannot lose it).
      const leads = await storedLeads();
      const mine = leads.filter((lead) => lead.email === email);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email, formUrl: DEMO_FORM_URL });
      expect(String(mine[0]!.pageUrl)).toBe(demo.url + PAGES.story);
      expect(mine[0]!.forwardStatus).not.toBe('none'); // an outbox entry was written with the lead
      expect((await stat(demo.leadsDb!)).mode & 0o777).toBe(0o600);

      expect(pageErrors).toEqual([]);
      expect(failedRequests).toEqual([]);
      expect(messages.filter((m) => m.type === 'error')).toEqual([]);
    } finally {
      await page.close();
    }
  }, 90_000);

  it("the second story's page (src): its words and none of Redcliffe's, nothing said on the console, its lead carrying its id", async () => {
    const { page, console: messages, pageErrors, failedRequests } = await openPage(demo.url + PAGES.secondStory);
    try {
      const h1 = await page.waitForSelector('pierce/h1', { timeout: 10_000 });
      expect(await h1!.evaluate((el) => el.textContent)).toBe(secondStory.hero.headline);
      const email = `jordan.e2e.${Date.now()}@example.com`;
      const { status, request } = await submitLead(page, { firstName: 'Jordan', lastName: 'Avery', email });
      expect(status).toBe(200);
      const payload = JSON.parse(request.postData() ?? '{}');
      expect(payload.story).toBe('northwind-clinics');
      expect(payload.data).toMatchObject({ 'First Name': 'Jordan', 'Work Email': email, page_url: demo.url + PAGES.secondStory });
      // Every section loaded (the call to action was reached): none of the default story's words.
      const words = await page.$eval('redcliffe-case-study', (el) => el.shadowRoot!.textContent);
      for (const word of REDCLIFFE_WORDS) expect(words, word).not.toContain(word);
      expect(words).toContain(secondStory.testimonial.quote);
      expect((await storedLeads()).filter((lead) => lead.email === email)).toHaveLength(1);

      expect(pageErrors).toEqual([]);
      expect(failedRequests).toEqual([]);
      expect(messages.filter((m) => m.type === 'error' || m.type === 'warn' || m.type === 'warning')).toEqual([]);
    } finally {
      await page.close();
    }
  }, 90_000);

  it('strict CSP page: renders, loads its lazy chunks and completes a download with no CSP violation', async () => {
    const { page, console: messages, pageErrors, status, headers } = await openPage(demo.url + PAGES.strictCsp);
    try {
      expect(status).toBe(200);
      expect(headers['content-security-policy']).toBe(STRICT_CSP);
      expect(headers['x-content-type-options']).toBe('nosniff');
      const h1 = await page.waitForSelector('pierce/h1', { timeout: 10_000 });
      expect(await h1!.evaluate((el) => el.textContent)).toBe(hero.headline);

      const dir = path.join(work, 'downloads-csp');
      const { done } = await captureDownload(dir);
      const email = `grace.e2e.${Date.now()}@example.com`;
      const { status: answer } = await submitLead(page, { firstName: 'Grace', lastName: 'Hopper', email });
      expect(answer).toBe(200);
      await expectDownloadedPdf(dir, done);
      expect((await storedLeads()).some((lead) => lead.email === email && lead.pageUrl === demo.url + PAGES.strictCsp)).toBe(true);

      expect(await cspViolations(page)).toEqual([]);
      expect(messages.filter((m) => /Content Security Policy|Trusted Type|Refused to/i.test(m.text))).toEqual([]);
      expect(messages.filter((m) => m.type === 'error')).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 90_000);

  it('a deeper path under the story serves the same host page with HTTP 404 and the element shows its 404', async () => {
    const { page, console: messages, status } = await openPage(`${demo.url}${PAGES.story}no-such-page`);
    try {
      expect(status).toBe(404);
      const h1 = await page.waitForSelector('pierce/h1', { timeout: 10_000 });
      expect(await h1!.evaluate((el) => el.textContent)).toBe(notFound.heading);
      const shadowText = await page.$eval('redcliffe-case-study', (el) => el.shadowRoot!.textContent);
      expect(shadowText).toContain(notFound.text);
      const home = await page.$eval(
        'redcliffe-case-study',
        (el, label) => [...el.shadowRoot!.querySelectorAll('a')].find((a) => a.textContent?.trim() === label)?.getAttribute('href'),
        notFound.home,
      );
      expect(home).toBe('/');
      // Said once hydrated (when the browser is idle).
      for (let i = 0; i < 50 && !messages.some((m) => m.text.includes('/no-such-page')); i++) await new Promise((r) => setTimeout(r, 100));
      expect(messages.some((m) => m.text.includes('/no-such-page'))).toBe(true);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('CMS page: the element renders the story under base="/blog/customer-stories/redcliffe"', async () => {
    const { page, pageErrors } = await openPage(demo.url + PAGES.cms);
    try {
      const h1 = await page.waitForSelector('pierce/h1', { timeout: 10_000 });
      // The first h1 in document order is the CMS post's own; the element's is inside its shadow root.
      const inner = await page.$eval('redcliffe-case-study', (el) => el.shadowRoot!.querySelector('h1')?.textContent);
      expect(h1).toBeTruthy();
      expect(inner).toBe(hero.headline);
      expect(pageErrors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('client-only page: the story renders from a core fetched once, by its preload, as the CMS snippet does', async () => {
    const page = await browser.newPage();
    const cores: { initiator: string | undefined }[] = [];
    page.on('request', (request) => {
      if (/\/chunks\/core-[\w-]+\.js$/.test(request.url())) cores.push({ initiator: request.initiator()?.type });
    });
    const warnings: string[] = [];
    page.on('console', (message) => void (message.type() !== 'log' && warnings.push(message.text())));
    try {
      await page.goto(demo.url + PAGES.clientOnly, { waitUntil: 'networkidle0' });
      await page.waitForFunction(
        (headline) => document.querySelector('redcliffe-case-study')?.shadowRoot?.querySelector('h1')?.textContent === headline,
        { timeout: 10_000 },
        hero.headline,
      );
      // Started by the page's <link rel="modulepreload"> (the parser), not by the entry's import a round trip later; the entry's import used it.
      expect(cores).toEqual([{ initiator: 'parser' }]);
      expect(warnings.filter((text) => /preload/i.test(text))).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);
});

/** GET with the path sent byte for byte (fetch would normalise `..` away). */
function rawGet(pathname: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${demo.url}/`, { path: pathname, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('demo server routes', () => {
  it('serves the bundle and the PDF with their types, and every HTML page with nosniff', async () => {
    const bundle = await rawGet('/assets/redcliffe-case-study/0.1.0/redcliffe-case-study.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toMatch(/^text\/javascript/);
    const pdf = await rawGet(`/assets/redcliffe-case-study/${PDF_NAME}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    for (const page of ['/', PAGES.story, `${PAGES.story}a/b`, PAGES.cms, PAGES.strictCsp, PAGES.clientOnly, '/nothing-here']) {
      const res = await rawGet(page);
      expect(res.headers['content-type'], page).toMatch(/^text\/html/);
      expect(res.headers['x-content-type-options'], page).toBe('nosniff');
    }
  });

  it('serves nothing outside its list: no traversal, no source, no directory', async () => {
    for (const attempt of [
      '/assets/redcliffe-case-study/0.1.0/../../package.json',
      '/assets/redcliffe-case-study/0.1.0/chunks/../../package.json',
      '/assets/redcliffe-case-study/0.1.0/%2e%2e/package.json',
      '/assets/redcliffe-case-study/0.1.0/chunks/..%2f..%2fpackage.json',
      '/assets/redcliffe-case-study/0.1.0/server/index.js',
      '/assets/redcliffe-case-study/0.1.0/',
      '/assets/redcliffe-case-study/0.1.0/chunks/',
      '/demo-assets/../server.mjs',
      '/demo/server.mjs',
      '/.leads/leads.db',
      '/package.json',
    ]) {
      const res = await rawGet(attempt);
      expect(res.status, attempt).toBe(404);
    }
  });

  it('mounts the lead handler: GET gets 405 with Allow: POST', async () => {
    const res = await rawGet('/api/download-case-study/');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('POST');
  });
});
