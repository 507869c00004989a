/**
 * The CMS path without a CMS: `redcliffe-leads serve` on one origin, a host page on another holding
 * exactly what `redcliffe-leads snippet --origin` prints. In Chromium, a visitor downloads the PDF:
 * the element's files come from the lead server, the lead crosses origins (CORS preflight with the
 * Idempotency-Key) into SQLite, and the PDF saves under its fixed name. The same page served from an
 * origin that is not in CORS_ORIGINS stores nothing and tells the visitor.
 */

import http from 'node:http';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type CDPSession, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchOptions } from '../../scripts/chromium.mjs';
import { MIN_FILL_MS } from '../../src/shared/bot-traps.js';
import { clickCta, fillLead, isLeadPost } from './hosts/browser.js';
import { buildServer, root, runCli, startServeProcess, type ServeProcess } from '../server/processes.js';

const PDF_NAME = 'Leaflet_Case_Study_One_Pager.pdf';
const PAGE_PATH = '/case-study/redcliffe-labs/';
let work: string;
let browser: Browser;
let session: CDPSession;
let server: ServeProcess;
let db: string;
const hosts: http.Server[] = [];

/** A host site on a port of its own that answers every GET with `html`. */
async function hostSite(html: string): Promise<string> {
  const site = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  hosts.push(site);
  return `http://localhost:${(site.address() as { port: number }).port}`;
}

const page = (snippet: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A blog post</title></head>
<body><main><h1>Our blog</h1>${snippet}</main></body></html>`;

let snippet: string;
let allowedSite: string;
let otherSite: string;

beforeAll(async () => {
  await buildServer();
  work = await mkdtemp(path.join(tmpdir(), 'serve-e2e-'));
  db = path.join(work, 'leads.db');
  // Reserve the host's origin first: CORS_ORIGINS must name it before serve starts.
  const placeholder = http.createServer();
  await new Promise<void>((resolve) => placeholder.listen(0, '127.0.0.1', resolve));
  const port = (placeholder.address() as { port: number }).port;
  await new Promise((resolve) => placeholder.close(resolve));
  allowedSite = `http://localhost:${port}`;
  server = await startServeProcess({ LEADS_DB: db, CORS_ORIGINS: allowedSite });
  snippet = runCli(['snippet', '--origin', server.origin], {});
  const site = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(page(snippet));
  });
  await new Promise<void>((resolve) => site.listen(port, '127.0.0.1', resolve));
  hosts.push(site);
  otherSite = await hostSite(page(snippet));
  browser = await puppeteer.launch(launchOptions);
  session = await browser.target().createCDPSession();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  for (const site of hosts) site.close();
  if (server) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  if (work) await rm(work, { recursive: true, force: true });
});

async function openDialogAndSend(p: Page) {
  await clickCta(p);
  await fillLead(p, { firstName: 'Asha', lastName: 'Rao', email: 'asha@example.com' });
  // As long as a person takes to type three fields: a lead sent sooner after the dialog opened
  // carries a spam token too young to count (server/bot-token.ts) and is stored as spam.
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
    await p.waitForFunction(() => !document.querySelector('redcliffe-case-study')!.shadowRoot!.querySelector('dialog[open]'), { timeout: 10_000 });
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
    const alert = await p.waitForSelector('pierce/dialog[open] [role="alert"]', { visible: true, timeout: 40_000 });
    expect(await alert!.evaluate((node) => node.textContent)).toMatch(/\w/);
    expect(await (await p.$('pierce/input[name="email"]'))!.evaluate((input) => (input as HTMLInputElement).value)).toBe('asha@example.com');
    expect(JSON.parse(runCli(['stats'], { LEADS_DB: db })).leads).toBe(before);
    await p.close();
  }, 90_000);
});
