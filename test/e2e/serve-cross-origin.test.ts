/**
 * The CMS path without a CMS: `redcliffe-leads serve` on one origin, a host page on another holding
 * exactly what `redcliffe-leads snippet --origin` prints. In Chromium, a visitor downloads the PDF:
 * the element's files come from the lead server, the lead crosses origins (CORS preflight with the
 * Idempotency-Key) into SQLite, and the PDF saves under its fixed name. The same page served from an
 * origin that is not in CORS_ORIGINS stores nothing and tells the visitor.
 */

import http from 'node:http';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, CDPSession, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_FILL_MS } from '../../src/shared/bot-traps.js';
import { clickCta, fillLead, isLeadPost } from './hosts/browser.js';
import { crossOrigin, postPage, type CrossOrigin } from './hosts/cross-origin.js';
import { root, runCli, type ServeProcess } from '../server/processes.js';

const PDF_NAME = 'Leaflet_Case_Study_One_Pager.pdf';
const PAGE_PATH = '/case-study/redcliffe-labs/';
let setUp: CrossOrigin;
let work: string;
let browser: Browser;
let session: CDPSession;
let server: ServeProcess;
let db: string;
let snippet: string;
let allowedSite: string;
let otherSite: string;
let other: http.Server | undefined;

beforeAll(async () => {
  setUp = await crossOrigin('serve-e2e');
  ({ work, browser, server, db, snippet, siteOrigin: allowedSite } = setUp);
  setUp.site.on('request', (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(postPage(snippet));
  });
  // The same page on an origin CORS_ORIGINS does not name.
  const site = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(postPage(snippet));
  });
  other = site;
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  otherSite = `http://localhost:${(site.address() as { port: number }).port}`;
  session = await browser.target().createCDPSession();
}, 240_000);

afterAll(async () => {
  other?.close();
  await setUp?.stop();
});

async function openDialogAndSend(p: Page) {
  await clickCta(p);
  await fillLead(p, { firstName: 'Asha', lastName: 'Rao', email: 'asha@example.com' });
  // As long as a person takes to type three fields: a lead sent sooner after the dialog opened
  // carries a spam token too young to count (server/spam/token.ts) and is stored as spam.
  await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS));
  await (await p.$('pierce/dialog[open] button[type="submit"]'))!.click();
}

describe('a snippet from `redcliffe-leads snippet`, on a site of another origin', () => {
  it('renders, sends the lead across origins into the serve database, and saves the PDF', async () => {
    const p = await browser.newPage();
    const errors: string[] = [];
    p.on('pageerror', (error) => errors.push(String(error)));
    p.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    const downloads = path.join(work, 'downloads');
    await session.send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads, eventsEnabled: true });
    const saved = new Promise<string>((resolve) =>
      session.on('Browser.downloadWillBegin', (event: { suggestedFilename: string }) => resolve(event.suggestedFilename)),
    );
    await p.goto(`${allowedSite}${PAGE_PATH}`, { waitUntil: 'networkidle0' });
    expect(await p.evaluate(() => document.querySelector('redcliffe-case-study')!.shadowRoot!.querySelector('h1')?.textContent)).toBeTruthy();
    const posted = p.waitForResponse((response) => response.url() === `${server.origin}/api/download-case-study/` && isLeadPost(response));
    await openDialogAndSend(p);
    const answer = await posted;
    expect(answer.status()).toBe(200);
    expect(await saved).toBe(PDF_NAME);
    await p.waitForFunction(() => document.querySelector('redcliffe-case-study')!.shadowRoot!.querySelector('dialog[open] .download__done'), {
      timeout: 10_000,
    });
    for (let i = 0; i < 50 && !(await readdir(downloads).catch(() => [])).includes(PDF_NAME); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    const bytes = await readFile(path.join(downloads, PDF_NAME));
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.equals(await readFile(path.join(root, 'dist', PDF_NAME)))).toBe(true);
    expect(JSON.parse(runCli(['stats'], { LEADS_DB: db })).leads).toBe(1);
    const [lead] = runCli(['export', '--format', 'ndjson'], { LEADS_DB: db })
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lead).toMatchObject({ firstName: 'Asha', lastName: 'Rao', email: 'asha@example.com', pageUrl: `${allowedSite}${PAGE_PATH}` });
    expect(errors).toEqual([]);
    await p.close();
  }, 90_000);

  it('from an origin not in CORS_ORIGINS: nothing is stored and the visitor is told, with the values kept', async () => {
    const before = JSON.parse(runCli(['stats'], { LEADS_DB: db })).leads;
    const p = await browser.newPage();
    await p.goto(`${otherSite}${PAGE_PATH}`, { waitUntil: 'networkidle0' });
    await openDialogAndSend(p);
    // Refused at every retry: the file is handed over at 5 s, then the lead is said to be lost.
    const alert = await p.waitForSelector('pierce/dialog[open] .download__done .download__alert', { visible: true, timeout: 40_000 });
    expect(await alert!.evaluate((node) => node.textContent)).toMatch(/couldn’t send your details/);
    await (await p.$('pierce/dialog[open] .download__done .download__alert button'))!.click();
    await p.waitForSelector('pierce/dialog[open] [role="alert"]', { visible: true });
    expect(await (await p.$('pierce/input[name="email"]'))!.evaluate((input) => (input as HTMLInputElement).value)).toBe('asha@example.com');
    expect(JSON.parse(runCli(['stats'], { LEADS_DB: db })).leads).toBe(before);
    await p.close();
  }, 90_000);
});
