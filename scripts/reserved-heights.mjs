/**
 * Measures the height the lazy sections (call to action, JumpNav) take at every
 * container width, with their reserved min-heights switched off, and prints each one's
 * `reservedHeights` in src/components/LazySection/lazy-sections.ts. Run it against a running demo whenever
 * their copy or styles change; the lazy-section browser tests fail when the table is stale.
 * Usage: node scripts/reserved-heights.mjs [url] [from-px] [to-px]
 */
import puppeteer from 'puppeteer-core';
import { launchOptions } from './chromium.mjs';

const [url = 'http://localhost:8080/case-study/redcliffe-labs/', from = '300', to = '1500'] = process.argv.slice(2);

const browser = await puppeteer.launch(launchOptions);
try {
  const page = await browser.newPage();
  await page.setViewport({ width: Number(from), height: 900 });
  await page.goto(url, { waitUntil: 'networkidle0' });
  await page.waitForFunction(() => document.querySelector('redcliffe-case-study')?.shadowRoot?.querySelector('nav'));
  await page.evaluate(() => {
    const root = document.querySelector('redcliffe-case-study').shadowRoot;
    const natural = new CSSStyleSheet();
    natural.replaceSync('.cta, .jump-nav { min-height: 0 !important; }');
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, natural];
  });
  const samples = [];
  for (let width = Number(from); width <= Number(to); width++) {
    await page.setViewport({ width, height: 900 });
    samples.push(
      await page.evaluate(() => {
        const root = document.querySelector('redcliffe-case-study').shadowRoot;
        const container = root.querySelector('.page');
        const style = getComputedStyle(container);
        const em = parseFloat(style.fontSize);
        const inline = container.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const height = (node) => node.getBoundingClientRect().height / em;
        return { width: inline / em, cta: height(root.getElementById('cta')), 'jump-nav': height(root.querySelector('.jump-nav')) };
      }),
    );
  }
  const round = (value) => Math.round(value * 16); // sixteenths of an em
  for (const name of ['cta', 'jump-nav']) {
    // Steps: [container width from which, height], in sixteenths of an em, from the narrowest.
    const steps = [];
    for (const sample of samples) {
      const height = round(sample[name]);
      const last = steps.at(-1);
      if (!last) steps.push([0, height]);
      else if (height !== last[1]) steps.push([round(sample.width), height]);
    }
    console.log(`${name}: reservedHeights: ${JSON.stringify(steps)},`);
  }
} finally {
  await browser.close();
}
