/**
 * Screenshots of the story page (docs/ images, and a look before closing an issue), against a running
 * demo (`npm start`).
 * Usage: node scripts/screenshot.mjs [url] [out-prefix] [widths] [dialog widths] (comma-separated)
 *   default widths 1440,1280,390 and dialog widths 1280,390. For each width it writes
 *     <prefix>-<width>.png          the full page, hydrated
 *     <prefix>-<width>-nojs.png     the full page with JavaScript off (the server-rendered story)
 *   and for each dialog width
 *     <prefix>-<width>-dialog.png   the viewport with the download dialog open
 *     <prefix>-<width>-failure.png  the dialog after sending failed (the endpoint answers 500)
 *     <prefix>-<width>-success.png  the dialog's thank-you after a download (the next step, the file's link)
 *   and once <prefix>-print-<n>.png, the pages of the story printed on A4 with 10 mm margins (Chromium's
 *   print to PDF, rendered by poppler's pdftoppm). Empty width lists take only the printed pages. The demo page gets contact-url and privacy-url for the shots.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import puppeteer from 'puppeteer-core';
import { launchOptions } from './chromium.mjs';

const [url = 'http://localhost:8080/case-study/redcliffe-labs/', prefix = 'docs/screenshot', widthList = '1440,1280,390', dialogWidthList = '1280,390'] =
  process.argv.slice(2);
const widths = widthList.split(',').filter(Boolean).map(Number);
const dialogWidths = dialogWidthList.split(',').filter(Boolean).map(Number);
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const run = promisify(execFile);
const HOST_LINKS = { 'contact-url': 'https://example.com/contact-sales', 'privacy-url': '/privacy' };

/** A tab at `width` on the story, every section faded in, back at the top. */
async function open(browser, width, { javascript = true } = {}) {
  const page = await browser.newPage();
  await page.setJavaScriptEnabled(javascript);
  await page.setViewport({ width, height: 900, deviceScaleFactor: 1 });
  await page.goto(url, { waitUntil: 'networkidle0' });
  if (!javascript) return page;
  await page.waitForFunction(() => document.querySelector('redcliffe-case-study')?.shadowRoot?.querySelector('nav'));
  await page.evaluate((links) => {
    const element = document.querySelector('redcliffe-case-study');
    for (const [name, value] of Object.entries(links)) element.setAttribute(name, value);
  }, HOST_LINKS);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 400) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await pause(60);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await pause(800);
  return page;
}

/** Open the dialog, fill it as a visitor would and send it. */
async function send(page) {
  await page.evaluate(() => document.querySelector('redcliffe-case-study').openDownload());
  await page.waitForFunction(() => document.querySelector('redcliffe-case-study').shadowRoot.querySelector('dialog[open]'));
  await pause(300);
  for (const [name, value] of [
    ['firstName', 'Ada'],
    ['lastName', 'Lovelace'],
    ['email', `ada+${Date.now()}@example.com`],
  ]) {
    const input = await page.evaluateHandle(
      (field) => document.querySelector('redcliffe-case-study').shadowRoot.querySelector(`dialog input[name="${field}"]`),
      name,
    );
    await input.focus();
    await page.keyboard.type(value);
  }
  await page.keyboard.press('Enter');
}

const shot = async (page, file, options = {}) => {
  await page.screenshot({ path: file, ...options });
  console.log(file);
};

const browser = await puppeteer.launch(launchOptions);
try {
  for (const width of widths) {
    let page = await open(browser, width);
    await shot(page, `${prefix}-${width}.png`, { fullPage: true });
    await page.close();

    page = await open(browser, width, { javascript: false });
    await shot(page, `${prefix}-${width}-nojs.png`, { fullPage: true });
    await page.close();
  }

  for (const width of dialogWidths) {
    let page;
    page = await open(browser, width);
    await page.evaluate(() => document.querySelector('redcliffe-case-study').openDownload());
    await page.waitForFunction(() => document.querySelector('redcliffe-case-study').shadowRoot.querySelector('dialog[open]'));
    await pause(400);
    await shot(page, `${prefix}-${width}-dialog.png`);
    await page.close();

    page = await open(browser, width);
    await page.setRequestInterception(true);
    page.on('request', (request) =>
      request.method() === 'POST' ? request.respond({ status: 500, contentType: 'application/json', body: '{"error":"internal_error"}' }) : request.continue(),
    );
    await send(page);
    await page.waitForFunction(() => document.querySelector('redcliffe-case-study').shadowRoot.querySelector('dialog [role="alert"]'));
    await pause(300);
    await shot(page, `${prefix}-${width}-failure.png`);
    await page.close();

    page = await open(browser, width);
    const client = await page.createCDPSession();
    await client.send('Browser.setDownloadBehavior', { behavior: 'deny' }).catch(() => {});
    await send(page);
    await page.waitForFunction(() => document.querySelector('redcliffe-case-study').shadowRoot.querySelector('dialog[open] .download__done'));
    await pause(600);
    await shot(page, `${prefix}-${width}-success.png`);
    await page.close();
  }

  const page = await open(browser, 1280);
  const dir = await mkdtemp(path.join(tmpdir(), 'rcs-shots-'));
  try {
    const pdf = path.join(dir, 'print.pdf');
    await writeFile(pdf, await page.pdf({ format: 'A4', margin: { top: '10mm', right: '10mm', bottom: '10mm', left: '10mm' }, printBackground: false }));
    await run('pdftoppm', ['-r', '72', '-png', pdf, path.join(dir, 'print')]);
    for (const name of (await readdir(dir)).filter((file) => file.endsWith('.png')).sort()) {
      const n = Number(/(\d+)\.png$/.exec(name)[1]);
      await copyFile(path.join(dir, name), `${prefix}-print-${n}.png`);
      console.log(`${prefix}-print-${n}.png`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
    await page.close();
  }
} finally {
  await browser.close();
}
