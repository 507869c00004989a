/**
 * Before it measures, `npm run bench` checks that each plain twin renders as its element page: the
 * whole page (the first screen and the page's height for fifty stories, too tall for one image) at
 * Lighthouse's mobile width and at 1280 px, after load, compared pixel by pixel in the browser. A
 * twin that looks different is not the same page, and its ratios would say nothing.
 */
import { launchOptions } from '../chromium.mjs';

const WIDTHS = [412, 1280];
const SETTLE_MS = 1500;

async function shot(browser, url, width, fullPage) {
  const tab = await browser.newPage();
  try {
    await tab.setViewport({ width, height: 823 });
    await tab.goto(url, { waitUntil: 'networkidle0', timeout: 60_000 });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const height = await tab.evaluate(() => document.documentElement.scrollHeight);
    return { png: Buffer.from(await tab.screenshot({ fullPage })).toString('base64'), height };
  } finally {
    await tab.close();
  }
}

/** The pixels that differ between two PNG screenshots (base64), counted in a canvas; every pixel when their sizes differ. */
async function differingPixels(browser, a, b) {
  const tab = await browser.newPage();
  try {
    return await tab.evaluate(
      async (first, second) => {
        const pixels = async (base64) => {
          const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
          const context = canvas.getContext('2d');
          context.drawImage(bitmap, 0, 0);
          return context.getImageData(0, 0, bitmap.width, bitmap.height);
        };
        const [one, two] = [await pixels(first), await pixels(second)];
        if (one.width !== two.width || one.height !== two.height) return Math.max(one.width * one.height, two.width * two.height);
        let count = 0;
        for (let i = 0; i < one.data.length; i += 4) {
          if (one.data[i] !== two.data[i] || one.data[i + 1] !== two.data[i + 1] || one.data[i + 2] !== two.data[i + 2]) count++;
        }
        return count;
      },
      a,
      b,
    );
  } finally {
    await tab.close();
  }
}

/** [{ page, twin, width, pixels, heights }] for each pair ({ page, twin, fullPage }) of `urls` at each width. */
export async function checkTwins(puppeteer, urls, pairs) {
  const browser = await puppeteer.launch(launchOptions);
  try {
    const version = await browser.version();
    const results = [];
    for (const { page, twin, fullPage } of pairs) {
      for (const width of WIDTHS) {
        const [one, two] = [await shot(browser, urls[page], width, fullPage), await shot(browser, urls[twin], width, fullPage)];
        results.push({ page, twin, width, pixels: await differingPixels(browser, one.png, two.png), heights: [one.height, two.height] });
      }
    }
    return { version, results };
  } finally {
    await browser.close();
  }
}
