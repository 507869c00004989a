/**
 * First paint, measured the same way on every page: cold loads (a fresh browser context each, the
 * cache disabled), 4x CPU throttling (CDP Emulation.setCPUThrottlingRate), and three times read in
 * the page from the start of navigation:
 *
 * - fcp: the browser's `first-contentful-paint` entry (PerformanceObserver, type `paint`);
 * - lcp: the last `largest-contentful-paint` entry before the page settles;
 * - headline: the first frame in which an <h1> exists, in the document or in any open shadow root,
 *   polled by requestAnimationFrame from before any page script (no document.readyState condition),
 *   timed once that frame's layout is done: a ResizeObserver on the <h1>, whose callback the browser
 *   runs inside the frame, right after layout. (A message posted from the rAF callback, as this used
 *   to do, ran only after whatever task was queued first: on the fifty-element page that was the
 *   parser's next chunk, 10-14 ms at 4x, counted against that page alone.)
 *
 * Rounds are interleaved: round r loads every page once, in a freshly shuffled order, so drift in
 * the machine's load hits every page alike, and each ratio is the median of the per-round ratios
 * (./stats.mjs), with its bootstrap interval.
 */
import { loadavg } from 'node:os';
import { ratioInterval } from './stats.mjs';

export const METRICS = ['fcp', 'lcp', 'headline'];
const SETTLE_MS = 500;

/** Installed with evaluateOnNewDocument: runs before any of the page's scripts. */
function probe() {
  const bench = (window.__bench = { fcp: null, lcp: null, headline: null, loaded: false });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') bench.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  addEventListener('load', () => (bench.loaded = true));
  const findHeadline = () => {
    const h1 = document.querySelector('h1');
    if (h1) return h1;
    for (const element of document.querySelectorAll('*')) {
      const found = element.shadowRoot?.querySelector('h1');
      if (found) return found;
    }
    return null;
  };
  const tick = () => {
    const h1 = findHeadline();
    if (!h1) return void requestAnimationFrame(tick);
    const observer = new ResizeObserver(() => {
      observer.disconnect();
      bench.headline = performance.now();
    });
    observer.observe(h1);
  };
  requestAnimationFrame(tick);
}

async function load(browser, url, cpu) {
  const context = await browser.createBrowserContext();
  try {
    const tab = await context.newPage();
    await tab.setViewport({ width: 1280, height: 800 });
    await tab.setCacheEnabled(false);
    const cdp = await tab.createCDPSession();
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await tab.evaluateOnNewDocument(probe);
    await tab.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await tab.waitForFunction(() => window.__bench.loaded && window.__bench.headline && window.__bench.fcp && window.__bench.lcp, {
      timeout: 60_000,
      polling: 50,
    });
    // Let a late LCP candidate land.
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return await tab.evaluate(() => window.__bench);
  } finally {
    await context.close();
  }
}

function shuffled(items) {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** Every ratio's interval for every metric, from the rounds so far. */
export function intervals(runs, ratios) {
  return ratios.flatMap(({ page, floor }) => METRICS.map((metric) => ({ page, floor, metric, ...ratioInterval(runs[page][metric], runs[floor][metric]) })));
}

/**
 * Loads `pages` ({ name: url }) round by round until every ratio of `ratios` ([{ page, floor }]) has
 * a bootstrap 95 % interval narrower than ±`precision`, checked every `step` rounds from
 * `minRounds`, up to `maxRounds`. Returns the runs ({ name: { metric: [per round] } }), the rounds,
 * the 1-minute load average at each round, and whether the precision was reached.
 */
export async function paintRounds(browser, pages, ratios, { cpu = 4, minRounds = 10, maxRounds = 60, step = 5, precision = 0.05, onRound = () => {} }) {
  const names = Object.keys(pages);
  const runs = Object.fromEntries(names.map((name) => [name, Object.fromEntries(METRICS.map((metric) => [metric, []]))]));
  const load1 = [];
  for (const name of names) await load(browser, pages[name], cpu); // warm-up, not counted
  let rounds = 0;
  for (;;) {
    load1.push(loadavg()[0]);
    for (const name of shuffled(names)) {
      const result = await load(browser, pages[name], cpu);
      for (const metric of METRICS) runs[name][metric].push(result[metric]);
    }
    rounds++;
    onRound(rounds);
    if (rounds < minRounds || (rounds - minRounds) % step) continue;
    const worst = Math.max(...intervals(runs, ratios).map((interval) => interval.halfWidth));
    if (worst < precision || rounds >= maxRounds) return { runs, rounds, load1, precise: worst < precision, worst };
  }
}
