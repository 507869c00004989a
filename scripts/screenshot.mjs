/**
 * Screenshots of a page at desktop and phone width (docs/ images, and a look before closing an issue).
 * Usage: node scripts/screenshot.mjs <url> <out-prefix>
 */
import puppeteer from 'puppeteer-core';
import { launchOptions } from './chromium.mjs';

const [url = 'http://localhost:8080/case-study/redcliffe-labs/', prefix = 'docs/screenshot'] = process.argv.slice(2);
const browser = await puppeteer.launch(launchOptions);
try {
  for (const width of [1280, 390]) {
    const page = await browser.newPage();
    await page.setViewport({ width, height: 900, deviceScaleFactor: 1 });
    await page.goto(url, { waitUntil: 'networkidle0' });
    // Scroll through so every section fades in, then back to the top.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 400) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await new Promise((r) => setTimeout(r, 60));
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    await new Promise((r) => setTimeout(r, 800));
    await page.screenshot({ path: `${prefix}-${width}.png`, fullPage: true });
    console.log(`${prefix}-${width}.png`);
    await page.close();
  }
} finally {
  await browser.close();
}
