/**
 * Screenshots of the story page at the widths it is checked at, and with the download dialog open
 * (docs/ images, and a look before closing an issue).
 * Usage: node scripts/screenshot.mjs [url] [out-prefix] [widths, comma-separated]
 *   default widths 1440,1280,768,390,320; writes <prefix>-<width>.png (full page) and
 *   <prefix>-<width>-dialog.png (the viewport with the dialog open) for each.
 */
import puppeteer from 'puppeteer-core';
import { launchOptions } from './chromium.mjs';

const [
  url = 'http://localhost:8080/case-study/redcliffe-labs/',
  prefix = 'docs/screenshot',
  widthList = '1440,1280,768,390,320',
] = process.argv.slice(2);
const widths = widthList.split(',').map(Number);
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const browser = await puppeteer.launch(launchOptions);
try {
  for (const width of widths) {
    const page = await browser.newPage();
    await page.setViewport({ width, height: 900, deviceScaleFactor: 1 });
    await page.goto(url, { waitUntil: 'networkidle0' });
    await page.waitForFunction(() => document.querySelector('redcliffe-case-study')?.shadowRoot?.querySelector('nav'));
    // Scroll through so every section fades in, then back to the top.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 400) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await pause(60);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await pause(800);
    await page.screenshot({ path: `${prefix}-${width}.png`, fullPage: true });
    console.log(`${prefix}-${width}.png`);

    await page.evaluate(() => document.querySelector('redcliffe-case-study').openDownload());
    await page.waitForFunction(() => document.querySelector('redcliffe-case-study').shadowRoot.querySelector('dialog[open]'));
    await pause(400);
    await page.screenshot({ path: `${prefix}-${width}-dialog.png` });
    console.log(`${prefix}-${width}-dialog.png`);
    await page.close();
  }
} finally {
  await browser.close();
}
