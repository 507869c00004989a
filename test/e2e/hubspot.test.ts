/**
 * Leads straight to HubSpot, with no lead server: a page holds exactly what `redcliffe-leads
 * snippet --hubspot-portal … --hubspot-form …` prints. Chromium resolves the CDN and HubSpot's API
 * to a local HTTPS stand-in (its own certificate, trusted for this run), which serves the package's
 * files as the CDN would and answers submissions as HubSpot's Forms API v3 documents: CORS on every
 * answer, 200 with inlineMessage, 400 with errors, 429; it checks each request's shape.
 */
import http from 'node:http';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type CDPSession, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchOptions } from '../../scripts/chromium.mjs';
import { clickCta, fillLead } from './hosts/browser.js';
import { buildServer, root, runCli } from '../server/processes.js';
import { FORM, PORTAL, startHubspotStandIn } from './hosts/hubspot-stand-in.js';

const PDF_NAME = 'Leaflet_Case_Study_One_Pager.pdf';
let work: string;
let browser: Browser;
let session: CDPSession;
let standIn: Awaited<ReturnType<typeof startHubspotStandIn>>;
let site: http.Server;
let siteOrigin: string;
let snippet: string;

beforeAll(async () => {
  await buildServer();
  work = await mkdtemp(path.join(tmpdir(), 'hubspot-e2e-'));
  standIn = await startHubspotStandIn();
  snippet = runCli(['snippet', '--hubspot-portal', PORTAL, '--hubspot-form', FORM], {});
  site = http.createServer((req, res) => {
    if (req.url?.startsWith('/api/')) standIn.state.other.push(`site ${req.method} ${req.url}`);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Set-Cookie': 'hubspotutk=0123456789abcdef0123456789abcdef; Path=/' });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Customer stories</title></head><body><main>${snippet}</main></body></html>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://localhost:${(site.address() as { port: number }).port}`;
  browser = await puppeteer.launch({
    ...launchOptions,
    args: [...launchOptions.args, ...standIn.hostResolverArgs],
  });
  session = await browser.target().createCDPSession();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await standIn?.close();
  site?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

beforeEach(() => {
  Object.assign(standIn.state, { offline: false, script: [], submissions: [], other: [] });
});

async function fillAndSend(p: Page, email = 'ada@example.com') {
  await clickCta(p);
  await fillLead(p, { firstName: 'Ada', lastName: 'Lovelace', email });
  await (await p.$('pierce/dialog[open] button[type="submit"]'))!.click();
}

async function open(query = '?utm_source=newsletter&utm_campaign=q4') {
  const p = await browser.newPage();
  const errors: string[] = [];
  p.on('pageerror', (error) => errors.push(String(error)));
  await p.goto(`${siteOrigin}/stories/redcliffe/${query}`, { waitUntil: 'networkidle0' });
  return { p, errors };
}

describe('a snippet from `redcliffe-leads snippet --hubspot-portal … --hubspot-form …`', () => {
  it('has no endpoint and no placeholder: the CDN script with its integrity, the HubSpot form', () => {
    expect(snippet).toMatch(
      /<script type="module" src="https:\/\/cdn\.jsdelivr\.net\/npm\/redcliffe-case-study@[\d.]+\/dist\/redcliffe-case-study\.js" integrity="sha384-[\w+/]{64}" crossorigin="anonymous"><\/script>/,
    );
    expect(snippet).toContain(`hubspot-portal="${PORTAL}" hubspot-form="${FORM}"`);
    expect(snippet).not.toMatch(/endpoint=|the\/path/);
  });

  it('sends a valid v3 submission from the browser and saves the packaged PDF; nothing goes to a lead server', async () => {
    const { p, errors } = await open();
    const downloads = path.join(work, 'downloads');
    await session.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads, eventsEnabled: true });
    const saved = new Promise<string>((resolve) =>
      session.once('Browser.downloadWillBegin', (event: { suggestedFilename: string }) => resolve(event.suggestedFilename)),
    );
    await fillAndSend(p);
    expect(await saved).toBe(PDF_NAME);
    // The dialog becomes the thank-you.
    await p.waitForFunction(() => document.querySelector('redcliffe-case-study')!.shadowRoot!.querySelector('dialog[open] .download__done'), {
      timeout: 10_000,
    });
    expect(standIn.state.submissions).toHaveLength(1);
    const [{ body, problems }] = standIn.state.submissions;
    expect(problems).toEqual([]);
    expect(body.fields).toEqual([
      { name: 'firstname', value: 'Ada' },
      { name: 'lastname', value: 'Lovelace' },
      { name: 'email', value: 'ada@example.com' },
    ]);
    expect(body.context).toEqual({
      pageUri: `${siteOrigin}/stories/redcliffe/?utm_source=newsletter&utm_campaign=q4`,
      pageName: 'Customer stories',
      hutk: '0123456789abcdef0123456789abcdef',
    });
    for (let i = 0; i < 50 && !(await readdir(downloads).catch(() => [])).includes(PDF_NAME); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await readFile(path.join(downloads, PDF_NAME))).equals(await readFile(path.join(root, 'dist', PDF_NAME)))).toBe(true);
    expect(standIn.state.other).toEqual([]);
    expect(errors).toEqual([]);
    await p.close();
  }, 90_000);

  it('an email HubSpot refuses is said beside the email field; the values stay', async () => {
    standIn.state.script = [
      {
        status: 400,
        body: {
          status: 'error',
          message: 'The request is not valid',
          errors: [{ message: "Error in 'fields.email'. Invalid email address", errorType: 'INVALID_EMAIL' }],
        },
      },
    ];
    const { p } = await open();
    await fillAndSend(p, 'ada@example.invalid');
    // Said beside the email field (aria-invalid, aria-describedby), and what was typed is still there.
    const state = () =>
      p.evaluate(() => {
        const root = document.querySelector('redcliffe-case-study')!.shadowRoot!;
        const email = root.querySelector<HTMLInputElement>('dialog input[name="email"]')!;
        const first = root.querySelector<HTMLInputElement>('dialog input[name="firstName"]')!;
        const described = email.getAttribute('aria-describedby');
        return {
          invalid: email.getAttribute('aria-invalid'),
          message: described ? root.getElementById(described)?.textContent : null,
          email: email.value,
          first: first.value,
        };
      });
    await p.waitForFunction(() => document.querySelector('redcliffe-case-study')!.shadowRoot!.querySelector('dialog input[aria-invalid="true"]'), {
      timeout: 15_000,
    });
    expect(await state()).toEqual({ invalid: 'true', message: 'Enter a work email like name@company.com.', email: 'ada@example.invalid', first: 'Ada' });
    await p.close();
  }, 90_000);

  it("a 429 is sent again after HubSpot's Retry-After, and the download goes on", async () => {
    standIn.state.script = [{ status: 429, body: { status: 'error', message: 'Too many requests' }, headers: { 'Retry-After': '1' } }];
    const { p } = await open();
    await fillAndSend(p);
    await p.waitForFunction(() => document.querySelector('redcliffe-case-study')!.shadowRoot!.querySelector('dialog[open] .download__done'), {
      timeout: 20_000,
    });
    expect(standIn.state.submissions).toHaveLength(2);
    await p.close();
  }, 90_000);

  it('when HubSpot cannot be reached, the PDF is handed over, the values are kept and "Try again" sends them', async () => {
    standIn.state.offline = true;
    const { p } = await open();
    await fillAndSend(p);
    const submit = () => document.querySelector('redcliffe-case-study')!.shadowRoot!.querySelector<HTMLButtonElement>('dialog[open] button[type="submit"]');
    // The PDF is handed over at 5 s; when the retries are spent the thank-you says the details were not
    // sent, and "Send my details again" shows the form with the values.
    const again = () =>
      document.querySelector('redcliffe-case-study')!.shadowRoot!.querySelector<HTMLButtonElement>('dialog[open] .download__done .download__alert button');
    await p.waitForFunction((find) => !!eval(find)(), { timeout: 45_000 }, `(${again})`);
    await p.evaluate(`(${again})().click()`);
    await p.waitForFunction((find) => /Try again/.test(eval(find)()?.textContent ?? ''), { timeout: 45_000 }, `(${submit})`);
    expect(
      await p.evaluate(() => document.querySelector('redcliffe-case-study')!.shadowRoot!.querySelector<HTMLInputElement>('dialog input[name="email"]')!.value),
    ).toBe('ada@example.com');
    expect(standIn.state.submissions).toHaveLength(0);
    standIn.state.offline = false;
    await p.evaluate(`(${submit})().click()`);
    await p.waitForFunction(() => document.querySelector('redcliffe-case-study')!.shadowRoot!.querySelector('dialog[open] .download__done'), {
      timeout: 20_000,
    });
    expect(standIn.state.submissions.at(-1)!.problems).toEqual([]);
    await p.close();
  }, 120_000);
});
