/**
 * Issues 29 and 41, the element's side, for real: `redcliffe-leads serve` on one origin, a host page
 * on another holding what `redcliffe-leads snippet` prints (the element with `count-views`: serve
 * asked for the views). In Chromium the page is visited N times, the download dialog opened in M of
 * those visits (once twice: one page load counts one open) and K leads sent; /admin/stats.json then
 * shows exactly N views, M opens and K leads, by campaign and story. Without `count-views` (any
 * other lead endpoint, a host's own included, gets exactly its leads), with Global Privacy Control,
 * Do Not Track, `no-analytics` or in HubSpot mode nothing is sent.
 */
import type { Browser, HTTPRequest, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_FILL_MS } from '../../src/shared/bot-traps.js';
import { clickCta, fillLead, isLeadPost } from './hosts/browser.js';
import { readFileSync } from 'node:fs';
import { crossOrigin, postPage, type CrossOrigin } from './hosts/cross-origin.js';
import { thirdStory } from '../stories/third-story.mjs';
import type { ServeProcess } from '../server/processes.js';

const PASSWORD = 'correct horse battery staple';
const STORY = '/case-study/redcliffe-labs/';
/** A second story (made up by the tests), served by the host site beside the page that shows it. */
const OTHER_STORY = thirdStory(JSON.parse(readFileSync(new URL('../../demo/stories/northwind-clinics.json', import.meta.url), 'utf8')));
const CAMPAIGN_QUERY = '?utm_source=newsletter&utm_campaign=spring&utm_medium=email';
const N = 3; // visits
const M = 2; // visits in which the dialog is opened
const K = 1; // leads sent
let setUp: CrossOrigin;
let browser: Browser;
let server: ServeProcess;
let siteOrigin: string;
let endpoint: string;

type Counts = { views: number; opens: number; leads: number };
async function stats(): Promise<{ totals: Counts; campaigns: ({ utm_campaign: string } & Counts)[]; stories: ({ story: string } & Counts)[] }> {
  const response = await fetch(`${server.origin}/admin/stats.json?days=7`, {
    headers: { Authorization: `Basic ${Buffer.from(`marketer:${PASSWORD}`).toString('base64')}` },
  });
  expect(response.status).toBe(200);
  return response.json() as never;
}

beforeAll(async () => {
  setUp = await crossOrigin('story-events', { ADMIN_PASSWORD: PASSWORD });
  ({ browser, server, siteOrigin } = setUp);
  endpoint = `${server.origin}/api/download-case-study/`;
  const { snippet } = setUp;
  // The same snippet, as it is and with what turns the events off.
  const variants: Record<string, string> = {
    [STORY]: snippet,
    '/quiet/': snippet.replace('<redcliffe-case-study', '<redcliffe-case-study no-analytics'),
    // A lead server that did not ask for views: the same endpoint without `count-views`.
    '/not-asked/': snippet.replace(' count-views', ''),
    // The host's own endpoint (the default, on the page's site), which answers leads only: no 404 beacons.
    '/own-endpoint/': snippet.replace(/ endpoint="[^"]*" count-views/, ''),
    '/hubspot/': snippet.replace('<redcliffe-case-study', '<redcliffe-case-study hubspot-portal="123456" hubspot-form="0b6c3a1e-4c3f-4c55-9a5c-2d1f0e8b7a61"'),
    // Two stories on one page: the snippet's, and another from its own file through `src`.
    '/two-stories/': `${snippet}<redcliffe-case-study endpoint="${endpoint}" count-views src="/other-story.json"></redcliffe-case-study>`,
  };
  setUp.site.on('request', (request, response) => {
    if (request.url === '/other-story.json') {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(OTHER_STORY));
      return;
    }
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(postPage(variants[new URL(request.url!, siteOrigin).pathname] ?? snippet));
  });
}, 300_000);

afterAll(() => setUp?.stop());

const isBeacon = (request: HTTPRequest, event: 'view' | 'open') =>
  request.url() === endpoint && request.method() === 'POST' && (request.postData() ?? '').includes(`"event":"${event}"`);

/** A page whose beacons to the lead server (what the element posts as text/plain) are collected. */
async function visit(
  pagePath: string,
  expectView: boolean,
  before?: (page: Page) => Promise<void>,
): Promise<{ page: Page; beacons: string[]; errors: string[] }> {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  const beacons: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    // Any beacon, wherever it goes (without an endpoint attribute it would go to the page's own origin).
    if (request.method() === 'POST' && (request.headers()['content-type'] ?? '').startsWith('text/plain')) beacons.push(request.postData() ?? '');
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await before?.(page);
  const viewed = page.waitForRequest((request) => isBeacon(request, 'view'), { timeout: 20_000 }).catch(() => undefined);
  await page.goto(`${siteOrigin}${pagePath}`, { waitUntil: 'networkidle0' });
  if (expectView) {
    const request = await viewed;
    expect(request, `a view beacon; serve's log: ${server.stdout().slice(-1500)}; beacons seen: ${beacons.join(' | ')}`).toBeDefined();
  }
  return { page, beacons, errors };
}

/** Opens the dialog; resolves with the `open` beacon's answer, if one is sent within 20 s. */
async function openDialog(page: Page) {
  const opened = page.waitForResponse((response) => isBeacon(response.request(), 'open'), { timeout: 20_000 });
  await clickCta(page);
  await page.waitForSelector('pierce/dialog[open]', { visible: true, timeout: 10_000 });
  return opened;
}

/** Waits until the events chunk has had its chance: loaded, the dialog open, the page idle twice. */
async function settle(page: Page) {
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /\/story-events-[\w-]+\.js/.test(entry.name)), {
    timeout: 20_000,
  });
  for (let i = 0; i < 2; i++) await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 300), { timeout: 2_000 })));
}

describe('story events from the element to `serve`', () => {
  it(`N=${N} visits, the dialog opened in M=${M}, K=${K} lead: /admin/stats.json shows exactly N views, M opens, K leads`, async () => {
    const errors: string[] = [];
    for (let n = 0; n < N; n++) {
      const { page, beacons, errors: pageErrors } = await visit(`${STORY}${CAMPAIGN_QUERY}`, true);
      if (n < M) {
        expect((await openDialog(page)).status()).toBe(204);
        if (n === 0) {
          // The lead (K = 1), after as long as a person takes to type (a faster one is counted as spam).
          await fillLead(page, { firstName: 'Asha', lastName: 'Rao', email: 'asha@example.com' });
          await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS));
          const posted = page.waitForResponse((response) => response.url() === endpoint && isLeadPost(response));
          await (await page.$('pierce/dialog[open] button[type="submit"]'))!.click();
          expect((await posted).status()).toBe(200);
        } else {
          // Closed and opened again in the same page load: still one open.
          await page.keyboard.press('Escape');
          await page.waitForFunction(() => !document.querySelector('redcliffe-case-study')!.shadowRoot!.querySelector('dialog[open]'));
          await (await page.waitForSelector('pierce/[part="cta-button"]', { visible: true }))!.click();
          await page.waitForSelector('pierce/dialog[open]', { visible: true });
          await settle(page);
        }
      } else {
        await settle(page);
      }
      expect(beacons.map((body) => JSON.parse(body).event).sort()).toEqual(n < M ? ['open', 'view'] : ['view']);
      // What a beacon carries: the page without its query, the two utm values counted, one id per page load.
      const [first, second] = beacons.map((body) => JSON.parse(body));
      expect(first).toEqual({
        event: expect.any(String),
        id: expect.stringMatching(/^[\w-]{8,64}$/),
        page_url: `${siteOrigin}${STORY}`,
        utm_source: 'newsletter',
        utm_campaign: 'spring',
      });
      if (second) expect(second.id).toBe(first.id);
      errors.push(...pageErrors);
      await page.close();
    }
    const numbers = await stats();
    expect(numbers.totals).toMatchObject({ views: N, opens: M, leads: K });
    expect(numbers.campaigns).toEqual([{ utm_campaign: 'spring', views: N, opens: M, leads: K }]);
    expect(numbers.stories).toEqual([{ story: 'redcliffe-labs', views: N, opens: M, leads: K }]);
    expect(errors, 'no console errors (no 404 for the beacons)').toEqual([]);
  }, 240_000);

  it('two stories on one page: each counts its own view and open, under its own story id', async () => {
    const before = await stats();
    const countOf = (numbers: typeof before, story: string) => numbers.stories.find((row) => row.story === story) ?? { views: 0, opens: 0, leads: 0 };
    const { page, beacons, errors } = await visit('/two-stories/', true);
    // The second story's hero is below the first story: bring it on screen, then open its dialog.
    const other = (await page.$$('redcliffe-case-study'))[1]!;
    await page.waitForFunction((el) => el.shadowRoot?.querySelector('.hero h1')?.textContent?.includes('Quillfeather'), { timeout: 20_000 }, other);
    const viewed = page.waitForRequest((request) => isBeacon(request, 'view') && (request.postData() ?? '').includes(OTHER_STORY.id), { timeout: 20_000 });
    await other.evaluate((el) => el.shadowRoot!.querySelector('.hero')!.scrollIntoView());
    await viewed;
    const opened = page.waitForResponse((response) => isBeacon(response.request(), 'open') && (response.request().postData() ?? '').includes(OTHER_STORY.id), {
      timeout: 20_000,
    });
    await other.evaluate((el) => (el as HTMLElement & { openDownload(): void }).openDownload());
    expect((await opened).status()).toBe(204);
    const sent = beacons.map((body) => JSON.parse(body));
    const ofOther = sent.filter((beacon) => beacon.story === OTHER_STORY.id);
    expect(ofOther.map((beacon) => beacon.event).sort()).toEqual(['open', 'view']);
    expect(sent.filter((beacon) => beacon.story === undefined).map((beacon) => beacon.event)).toEqual(['view']);
    // One id per story and page load: the server drops neither story's view as the other's repeat.
    expect(new Set(ofOther.map((beacon) => beacon.id)).size).toBe(1);
    expect(ofOther[0].id).not.toBe(sent.find((beacon) => beacon.story === undefined).id);
    const after = await stats();
    expect(countOf(after, OTHER_STORY.id)).toMatchObject({
      views: countOf(before, OTHER_STORY.id).views + 1,
      opens: countOf(before, OTHER_STORY.id).opens + 1,
    });
    expect(countOf(after, 'redcliffe-labs').views).toBe(countOf(before, 'redcliffe-labs').views + 1);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  const quiet: [string, string, (page: Page) => Promise<void>][] = [
    [
      'Global Privacy Control',
      STORY,
      (page) => page.evaluateOnNewDocument(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true })).then(() => {}),
    ],
    [
      'Do Not Track',
      STORY,
      (page) => page.evaluateOnNewDocument(() => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' })).then(() => {}),
    ],
    ['the no-analytics attribute', '/quiet/', async () => {}],
    ['a lead server that did not ask for views (no count-views)', '/not-asked/', async () => {}],
    ["the host's own endpoint (no endpoint attribute, no count-views)", '/own-endpoint/', async () => {}],
    ['HubSpot mode', '/hubspot/', async () => {}],
  ];
  for (const [what, pagePath, before] of quiet) {
    it(`with ${what}: views and opens send nothing`, async () => {
      const before_ = (await stats()).totals;
      const { page, beacons, errors } = await visit(`${pagePath}${CAMPAIGN_QUERY}`, false, before);
      await clickCta(page);
      await page.waitForSelector('pierce/dialog[open]', { visible: true, timeout: 10_000 });
      await settle(page);
      expect(beacons).toEqual([]);
      expect(errors, 'nothing in the console').toEqual([]);
      expect((await stats()).totals).toEqual(before_);
      await page.close();
    }, 90_000);
  }
});
