#!/usr/bin/env node
/**
 * `npm run bench` (not part of `npm test`; run `npm run build` first): how fast the element paints,
 * measured in Debian's Chromium (puppeteer-core, launch options from scripts/chromium.mjs).
 *
 *  1. Headline: time from navigation start to the headline painted, page B (plain HTML, same headline,
 *     same font size) vs page A (the element rendered in the browser, client-only), page S (the element
 *     server-rendered by renderCaseStudy, hydrated by the same element loaded through dist/after-paint.js
 *     as docs/ssr.md says), page SE (the same with the entry script instead), page S0 (the same server
 *     HTML, no script), page BL (B with its rules in a linked stylesheet) and page BS (the same story as
 *     plain light-DOM HTML: no custom element, no shadow root, no script), loaded in rotating order, cold cache (a fresh browser context per load), medians of
 *     --runs (default 15), at 1x and 4x CPU throttle. Page S also records CLS through hydration.
 *     "Painted" = the first frame in which the h1 exists (polled by requestAnimationFrame, in the
 *     shadow root for A), timed right after that frame's rendering (a message posted from the rAF
 *     callback runs once the frame is done). LCP is recorded beside it as a cross-check.
 *  2. Instances: 1, 10 and 50 elements on one page, time until every headline is painted; and 1 vs 50
 *     server-rendered elements: the first headline painted (the top of the page, what a visitor sees;
 *     the target) and every headline painted (bound by parsing 50 copies of the HTML).
 *  3. Lazy sections: delay from a chunk's response end to its placeholder replaced on screen.
 *  4. Long tasks on page S at 4x CPU: the longest task after the first paint and the TBT, from the
 *     Long Tasks API in the page (scripts/bench-long-tasks.mjs).
 *  5. Lighthouse (mobile preset, `--throttling-method=devtools`: 4x CPU, slow 4G applied in the
 *     browser) on the demo's server-rendered story page and on its client-only page, as `npm start`
 *     serves them, if `lighthouse` is installed.
 *
 * Targets: server-rendered headline ratio at 4x ≤ 1.3; client-only ratio at 4x ≤ 3.5 (as before);
 * 50 instances ≤ 2.5x one, 50 server-rendered ≤ 1.5x one (first headline); CLS 0 through hydration;
 * Lighthouse performance 100, CLS 0, TBT 0.
 * Options: --runs N, --no-lighthouse, --lighthouse-runs N, --json (print the raw medians as JSON too),
 * --dist DIR (measure another build, e.g. an experiment; Lighthouse always uses the demo's dist/),
 * --only headline|instances (skip the other part),
 * --compare DIR (also load another build's server-rendered pages, S' and 50 S', in the same rotation:
 * a before/after table from one run).
 */
import { createServer } from 'node:http';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath, launchOptions } from './chromium.mjs';
import { longTaskReport, measureLongTasks } from './bench-long-tasks.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const RUNS = option('runs', 15);
const LIGHTHOUSE_RUNS = option('lighthouse-runs', 3);
const WITH_LIGHTHOUSE = !args.includes('--no-lighthouse');
const distIndex = args.indexOf('--dist');
const DIST = distIndex >= 0 ? args[distIndex + 1] : join(root, 'dist');
const onlyIndex = args.indexOf('--only');
const ONLY = onlyIndex >= 0 ? args[onlyIndex + 1] : undefined;
const compareIndex = args.indexOf('--compare');
const COMPARE = compareIndex >= 0 ? args[compareIndex + 1] : undefined;
const INSTANCE_COUNTS = [1, 10, 50];
const HEADLINE = 'Redcliffe Labs Achieves 22% Higher Customer Satisfaction with WhatsApp Calling';

if (!existsSync(join(DIST, 'redcliffe-case-study.js'))) {
  console.error(`${join(DIST, 'redcliffe-case-study.js')} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// Static server: a fixed map of URL → bytes built at start-up; nothing from the request touches
// the file system. Text is served gzip-compressed when the browser accepts it, as a CDN would.
// ---------------------------------------------------------------------------------------------
const page = (title, head, body) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>${head}</head><body>${body}</body></html>`;

/**
 * Page B mimics the element's hero headline box (font, size, weight, width) without any script. Its
 * font stack is read from the built stylesheet, so B always uses the element's own fonts.
 * Page BL is B with those rules in a linked stylesheet instead of a <style> element: the server
 * HTML must link its stylesheet (strict CSP), and BL shows what that one request costs on its own.
 */
const builtCss = readFileSync(join(DIST, 'redcliffe-case-study.css'), 'utf8');
const fontStack = /--rcs-font-family:([^;}]+)/.exec(builtCss)?.[1];
if (!fontStack) throw new Error('--rcs-font-family not found in the built stylesheet');
const plainRules = `
body { margin: 0; font-family: ${fontStack}; line-height: 1.55; color: #10231f; }
main { max-width: 72em; margin-inline: auto; padding: 0 2em 3em; }
h1 { margin: 0; font-size: clamp(2.1em, 4.6vw, 3.4em); line-height: 1.08; letter-spacing: -.025em; font-weight: 800; text-wrap: balance; }
.badge { display: inline-flex; padding: .35em .9em; border-radius: 999px; background: #e7f8ee; color: #075e54; font-weight: 700; font-size: .85em; margin: 2em 0 1em; }
`;
const plainStyle = `<style>${plainRules}</style>`;

const routes = new Map();
const addRoute = (path, type, body) => {
  const buffer = Buffer.from(body);
  routes.set(path, { type, identity: buffer, gzip: gzipSync(buffer, { level: 9 }) });
};
addRoute('/dist/redcliffe-case-study.js', 'text/javascript', readFileSync(join(DIST, 'redcliffe-case-study.js')));
for (const file of readdirSync(join(DIST, 'chunks')).filter((name) => name.endsWith('.js'))) {
  addRoute(`/dist/chunks/${file}`, 'text/javascript', readFileSync(join(DIST, 'chunks', file)));
}
const elementScript = '<script type="module" src="/dist/redcliffe-case-study.js"></script>';
// Server-rendered pages preload the entry and load dist/after-paint.js, as docs/ssr.md says (page SE loads the entry instead).
addRoute('/dist/after-paint.js', 'text/javascript', readFileSync(join(DIST, 'after-paint.js')));
const afterPaintScript = '<link rel="modulepreload" href="/dist/redcliffe-case-study.js"><script type="module" src="/dist/after-paint.js"></script>';
// Server-rendered pages: renderCaseStudy from the build measured, stylesheet linked from /dist.
const { renderCaseStudy } = await import(pathToFileURL(join(DIST, 'ssr.js')).href);
addRoute('/dist/redcliffe-case-study.css', 'text/css', readFileSync(join(DIST, 'redcliffe-case-study.css')));
const serverRendered = (prefix, count) =>
  Array.from({ length: count }, () => renderCaseStudy({ path: `${prefix}/`, base: prefix, assetsUrl: '/dist' }).html).join('\n');
if (COMPARE) {
  addRoute('/before/dist/redcliffe-case-study.js', 'text/javascript', readFileSync(join(COMPARE, 'redcliffe-case-study.js')));
  addRoute('/before/dist/redcliffe-case-study.css', 'text/css', readFileSync(join(COMPARE, 'redcliffe-case-study.css')));
  for (const file of readdirSync(join(COMPARE, 'chunks')).filter((name) => name.endsWith('.js'))) {
    addRoute(`/before/dist/chunks/${file}`, 'text/javascript', readFileSync(join(COMPARE, 'chunks', file)));
  }
  const before = await import(pathToFileURL(join(COMPARE, 'ssr.js')).href);
  for (const count of [1, 50]) {
    const html = Array.from(
      { length: count },
      () => before.renderCaseStudy({ path: `/ssr-before/${count}/`, base: `/ssr-before/${count}`, assetsUrl: '/before/dist' }).html,
    ).join('\n');
    const beforeLoader = existsSync(join(COMPARE, 'after-paint.js')) ? 'after-paint.js' : 'redcliffe-case-study.js';
    if (beforeLoader === 'after-paint.js') addRoute('/before/dist/after-paint.js', 'text/javascript', readFileSync(join(COMPARE, 'after-paint.js')));
    addRoute(
      `/ssr-before/${count}/`,
      'text/html',
      page(
        `${count} server-rendered (compared build)`,
        `<style>body{margin:0}</style><script type="module" src="/before/dist/${beforeLoader}"></script>`,
        html,
      ),
    );
  }
}
for (const count of [1, 50]) {
  addRoute(
    `/ssr/${count}/`,
    'text/html',
    page(`${count} server-rendered`, `<style>body{margin:0}</style>${afterPaintScript}`, serverRendered(`/ssr/${count}`, count)),
  );
}
addRoute(
  '/ssr-entry/1/',
  'text/html',
  page('server-rendered, entry script', `<style>body{margin:0}</style>${elementScript}`, serverRendered('/ssr-entry/1', 1)),
);
addRoute('/ssr-noscript/1/', 'text/html', page('server-rendered, no script', '<style>body{margin:0}</style>', serverRendered('/ssr-noscript/1', 1)));
addRoute('/plain/', 'text/html', page('Plain headline', plainStyle, `<main><p class="badge">Customer Story</p><h1>${HEADLINE}</h1></main>`));
addRoute('/plain.css', 'text/css', plainRules);
/**
 * Page BS: the same story as plain HTML: the shadow root's markup in the document, no custom element,
 * no shadow root, no script, the built stylesheet linked with `:host` read as a class. S0 / BS is what
 * the element's form (Declarative Shadow DOM, its link) costs over the same content as plain HTML;
 * BS / B is what the story's content costs over a page holding only the headline.
 */
const storyMarkup = /<template shadowrootmode="open">(.*)<\/template>/s
  .exec(renderCaseStudy({ path: '/plain-story/', base: '/plain-story', assetsUrl: '/dist' }).html)?.[1]
  .replace(/<link rel="stylesheet"[^>]*>/, '');
if (!storyMarkup) throw new Error('renderCaseStudy output has no declarative shadow root');
addRoute('/plain-story.css', 'text/css', builtCss.replace(/:host\(([^()]*(?:\([^()]*\))?[^()]*)\)/g, '.rcs-host$1').replaceAll(':host', '.rcs-host'));
addRoute(
  '/plain-story/',
  'text/html',
  page('Plain story, light DOM', '<style>body{margin:0}</style><link rel="stylesheet" href="/plain-story.css">', `<div class="rcs-host">${storyMarkup}</div>`),
);
addRoute(
  '/plain-linked/',
  'text/html',
  page(
    'Plain headline, linked stylesheet',
    '<link rel="stylesheet" href="/plain.css">',
    `<main><p class="badge">Customer Story</p><h1>${HEADLINE}</h1></main>`,
  ),
);
for (const count of INSTANCE_COUNTS) {
  const elements = Array.from({ length: count }, () => `<redcliffe-case-study base="/element/${count}"></redcliffe-case-study>`).join('\n');
  addRoute(`/element/${count}/`, 'text/html', page(`${count} element(s)`, `<style>body{margin:0}</style>${elementScript}`, elements));
}

/**
 * Pages are `no-store`; the bundle, chunks and stylesheet are served as a CDN serves versioned files
 * (`max-age`, `immutable`). Every load still starts cold (a fresh browser context has an empty HTTP
 * cache); within one page, 50 elements linking the same stylesheet fetch and parse it once, as they
 * would from a CDN (with the cache switched off, each of the 50 links fetched and parsed it again).
 */
const CACHEABLE = /^\/(before\/)?dist\//;

function serve(req, res) {
  const path = new URL(req.url, 'http://x').pathname;
  const route = routes.get(path);
  if (!route || (req.method !== 'GET' && req.method !== 'HEAD')) {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    return;
  }
  const gzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
  const body = gzip ? route.gzip : route.identity;
  res.writeHead(200, {
    'Content-Type': `${route.type}; charset=utf-8`,
    'Content-Length': body.length,
    'Cache-Control': CACHEABLE.test(path) ? 'public, max-age=31536000, immutable' : 'no-store',
    ...(gzip ? { 'Content-Encoding': 'gzip' } : {}),
    Vary: 'Accept-Encoding',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

const listen = (server) => new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${server.address().port}`)));

// ---------------------------------------------------------------------------------------------
// In-page probe, installed before any page script (evaluateOnNewDocument).
// ---------------------------------------------------------------------------------------------
function probe() {
  const bench = (window.__bench = { headline: null, firstHeadline: null, defined: null, lcp: null, cls: 0, reveal: {}, chunks: {}, done: false });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) bench.cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
  customElements.whenDefined('redcliffe-case-study').then(() => (bench.defined = performance.now()));
  const afterFrame = (callback) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => callback(performance.now());
    channel.port2.postMessage(null);
  };
  const sections = { cta: '#cta', 'jump-nav': '.jump-nav' };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) bench.lcp = entry.renderTime || entry.loadTime || entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });

  const tick = () => {
    const hosts = document.querySelectorAll('redcliffe-case-study');
    // The first element's headline in a frame (what a visitor sees at the top of the page), parsing
    // of the rest of the page done or not.
    if (bench.firstHeadline === null && (hosts.length ? hosts[0].shadowRoot?.querySelector('h1') : document.querySelector('h1'))) {
      bench.firstHeadline = -1;
      afterFrame((time) => (bench.firstHeadline = time));
    }
    if (bench.headline === null) {
      const ready = hosts.length
        ? document.readyState !== 'loading' && [...hosts].every((host) => host.shadowRoot?.querySelector('h1'))
        : document.querySelector('h1');
      if (ready) {
        bench.headline = -1;
        afterFrame((time) => (bench.headline = time));
      }
    }
    const first = hosts[0]?.shadowRoot;
    if (first) {
      for (const [name, selector] of Object.entries(sections)) {
        if (bench.reveal[name] === undefined && first.querySelector(selector)) {
          bench.reveal[name] = -1;
          afterFrame((time) => (bench.reveal[name] = time));
        }
      }
    }
    const revealed = !hosts.length || Object.keys(sections).every((name) => bench.reveal[name] > 0);
    if (bench.headline > 0 && bench.firstHeadline > 0 && revealed) {
      // Server-rendered: stay until hydration (at idle) is over, so CLS covers it.
      const serverRendered =
        !!first?.querySelector('link[data-rcs-version]') || [...(first?.children ?? [])].some((node) => node.hasAttribute('data-rcs-version'));
      const settle = serverRendered ? (callback) => requestIdleCallback(() => setTimeout(callback, 1000), { timeout: 3000 }) : (callback) => callback();
      for (const entry of performance.getEntriesByType('resource')) {
        const match = /\/chunks\/(CtaSection|JumpNav)-/.exec(entry.name);
        if (match) bench.chunks[match[1] === 'CtaSection' ? 'cta' : 'jump-nav'] = entry.responseEnd;
      }
      // Let a late LCP candidate land before reporting.
      settle(() => setTimeout(() => (bench.done = true), 100));
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

async function load(browser, url, cpu) {
  const context = await browser.createBrowserContext();
  try {
    const tab = await context.newPage();
    await tab.setViewport({ width: 1280, height: 800 });
    if (cpu > 1) await tab.emulateCPUThrottling(cpu);
    await tab.evaluateOnNewDocument(probe);
    await tab.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await tab.waitForFunction(() => window.__bench?.done, { timeout: 60_000, polling: 50 });
    return await tab.evaluate(() => window.__bench);
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
const ratio = (value) => (Number.isFinite(value) ? `${value.toFixed(2)}x` : 'n/a');

// ---------------------------------------------------------------------------------------------
// Lighthouse on the demo page.
// ---------------------------------------------------------------------------------------------
async function lighthouseRuns(url, runs) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const results = [];
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: chromiumPath,
      chromeFlags: ['--headless=new', ...chromiumArgs],
      logLevel: 'silent',
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        throttlingMethod: 'devtools',
      });
      const audits = result.lhr.audits;
      results.push({
        score: Math.round(result.lhr.categories.performance.score * 100),
        fcp: audits['first-contentful-paint'].numericValue,
        lcp: audits['largest-contentful-paint'].numericValue,
        tbt: audits['total-blocking-time'].numericValue,
        cls: audits['cumulative-layout-shift'].numericValue,
        si: audits['speed-index'].numericValue,
        transfer: audits['total-byte-weight'].numericValue,
        lcpElement: audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
        warnings: result.lhr.runWarnings,
      });
    } finally {
      await chrome.kill();
    }
  }
  const pick = (key) => median(results.map((result) => result[key]));
  return {
    runs: results,
    score: pick('score'),
    fcp: pick('fcp'),
    lcp: pick('lcp'),
    tbt: pick('tbt'),
    cls: pick('cls'),
    si: pick('si'),
    transfer: pick('transfer'),
  };
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------
const server = createServer(serve);
const origin = await listen(server);
const browser = await puppeteer.launch({ ...launchOptions, protocolTimeout: 120_000 });
const results = { headline: {}, instances: {}, reveal: {} };
const pass = (ok) => (ok ? 'ok' : 'MISS');
const progress = (message) => process.stderr.isTTY && process.stderr.write(`\r${message.padEnd(60)}\r`);

try {
  for (const cpu of [1, 4]) {
    if (ONLY !== 'instances') {
      const pages = {
        plain: '/plain/',
        plainLinked: '/plain-linked/',
        plainStory: '/plain-story/',
        element: '/element/1/',
        ssr: '/ssr/1/',
        ssrEntry: '/ssr-entry/1/',
        ssrNoScript: '/ssr-noscript/1/',
        ...(COMPARE ? { ssrBefore: '/ssr-before/1/' } : {}),
      };
      const times = Object.fromEntries(Object.keys(pages).map((name) => [name, []]));
      const lcps = Object.fromEntries(Object.keys(pages).map((name) => [name, []]));
      const ssrCls = [];
      const ssrUndefined = [];
      const reveal = { cta: [], 'jump-nav': [] };
      const sectionsAt = { cta: [], 'jump-nav': [] };
      // Warm-up (server, browser process), not counted.
      for (const path of Object.values(pages)) await load(browser, `${origin}${path}`, cpu);
      const names = Object.keys(pages);
      for (let run = 0; run < RUNS; run++) {
        // Rotating order, so drift in machine load hits every page alike.
        const order = names.map((_, i) => names[(i + run) % names.length]);
        for (const which of order) {
          const result = await load(browser, `${origin}${pages[which]}`, cpu);
          times[which].push(result.headline);
          lcps[which].push(result.lcp);
          if (which === 'ssr') {
            ssrCls.push(result.cls);
            ssrUndefined.push(result.defined - result.headline);
          }
          if (which === 'element') {
            for (const name of Object.keys(reveal)) {
              reveal[name].push(result.reveal[name] - result.chunks[name]);
              sectionsAt[name].push(result.reveal[name]);
            }
          }
        }
        progress(`${cpu}x CPU: headline run ${run + 1}/${RUNS}`);
      }
      const m = Object.fromEntries(names.map((name) => [name, median(times[name])]));
      const l = Object.fromEntries(names.map((name) => [name, median(lcps[name])]));
      results.headline[cpu] = {
        element: m.element,
        plain: m.plain,
        plainLinked: m.plainLinked,
        plainStory: m.plainStory,
        storyContentCost: m.plainStory / m.plain,
        ssrFormCost: m.ssrNoScript / m.plainStory,
        ssrVsStory: m.ssr / m.plainStory,
        ssr: m.ssr,
        ssrNoScript: m.ssrNoScript,
        ssrEntry: m.ssrEntry,
        ssrEntryRatio: m.ssrEntry / m.plain,
        ssrBefore: m.ssrBefore,
        ssrBeforeRatio: m.ssrBefore / m.plain,
        elementLcp: l.element,
        plainLcp: l.plain,
        ssrLcp: l.ssr,
        ratio: m.element / m.plain,
        ssrRatio: m.ssr / m.plain,
        ssrScriptCost: m.ssr / m.ssrNoScript,
        linkCost: m.plainLinked / m.plain,
        ssrVsLinked: m.ssr / m.plainLinked,
        lcpRatio: l.element / l.plain,
        ssrLcpRatio: l.ssr / l.plain,
        ssrClsMax: Math.max(...ssrCls),
        ssrUndefined: median(ssrUndefined),
      };
      results.reveal[cpu] = Object.fromEntries(Object.keys(reveal).map((name) => [name, { delay: median(reveal[name]), at: median(sectionsAt[name]) }]));
    }

    if (ONLY !== 'headline') {
      results.instances[cpu] = {};
      // Interleaved (1, 10, 50, 1, 10, 50, …) so drift in machine load hits every count alike.
      const times = Object.fromEntries(INSTANCE_COUNTS.map((count) => [count, []]));
      for (let run = 0; run < RUNS; run++) {
        for (const count of INSTANCE_COUNTS) times[count].push((await load(browser, `${origin}/element/${count}/`, cpu)).headline);
        progress(`${cpu}x CPU: instances run ${run + 1}/${RUNS}`);
      }
      for (const count of INSTANCE_COUNTS) results.instances[cpu][count] = median(times[count]);
      const ssrTimes = { 1: [], 50: [] };
      const ssrFirst = { 1: [], 50: [] };
      const beforeTimes = { 1: [], 50: [] };
      const beforeFirst = { 1: [], 50: [] };
      for (let run = 0; run < RUNS; run++) {
        for (const count of [1, 50]) {
          const result = await load(browser, `${origin}/ssr/${count}/`, cpu);
          ssrTimes[count].push(result.headline);
          ssrFirst[count].push(result.firstHeadline);
          if (COMPARE) {
            const before = await load(browser, `${origin}/ssr-before/${count}/`, cpu);
            beforeTimes[count].push(before.headline);
            beforeFirst[count].push(before.firstHeadline);
          }
        }
        progress(`${cpu}x CPU: server-rendered instances run ${run + 1}/${RUNS}`);
      }
      results.instances[cpu].ssr = { 1: median(ssrTimes[1]), 50: median(ssrTimes[50]) };
      results.instances[cpu].ssrFirst = { 1: median(ssrFirst[1]), 50: median(ssrFirst[50]) };
      if (COMPARE) {
        results.instances[cpu].ssrBefore = { 1: median(beforeTimes[1]), 50: median(beforeTimes[50]) };
        results.instances[cpu].ssrBeforeFirst = { 1: median(beforeFirst[1]), 50: median(beforeFirst[50]) };
      }
    }
  }
  // Long tasks after the first paint on the server-rendered page (scripts/bench-long-tasks.mjs).
  results.longTasks = await measureLongTasks(browser, `${origin}/ssr/1/`, {
    runs: RUNS,
    onRun: (run) => progress(`4x CPU: long tasks run ${run + 1}/${RUNS}`),
  });
  progress('');
} finally {
  await browser.close();
  server.close();
}

if (WITH_LIGHTHOUSE) {
  let hasLighthouse = true;
  try {
    await import('lighthouse');
  } catch {
    hasLighthouse = false;
    console.log('lighthouse is not installed: skipping the Lighthouse runs (npm i -D lighthouse@12).');
  }
  if (hasLighthouse) {
    process.env.CHROME_PATH ??= chromiumPath;
    let demo;
    try {
      const { startDemoServer, PAGES } = await import('../demo/server.mjs');
      demo = await startDemoServer({ port: 0, quiet: true, rateLimit: false, leadsDir: join(tmpdir(), 'rcs-bench-leads') });
      process.stderr.write('Lighthouse (server-rendered demo story page)…\n');
      results.lighthouse = await lighthouseRuns(`${demo.url}${PAGES.story}`, LIGHTHOUSE_RUNS);
      process.stderr.write('Lighthouse (client-only demo page)…\n');
      results.lighthouseClient = await lighthouseRuns(`${demo.url}${PAGES.clientOnly}`, LIGHTHOUSE_RUNS);
    } catch (error) {
      console.log(`Lighthouse run failed: ${error?.stack ?? error}`);
    } finally {
      await demo?.close();
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------
const rows = [];
const row = (metric, one, four, target = '', verdict = '') => rows.push([metric, one, four, target, verdict]);
const h = results.headline;
/** A headline row: the same measure at 1x and 4x, formatted by `format`. */
const both = (metric, key, format, target, verdict) => row(metric, format(h[1][key]), format(h[4][key]), target, verdict);
if (h[1]) {
  both('plain page B: headline painted', 'plain', ms);
  both('plain page BL (stylesheet linked): headline', 'plainLinked', ms);
  both('plain story BS (same story, light DOM): headline', 'plainStory', ms);
  both('client-only page A: headline painted', 'element', ms);
  both('server-rendered page S: headline painted', 'ssr', ms);
  both('server-rendered, entry script SE: headline', 'ssrEntry', ms);
  both('server HTML without script S0: headline', 'ssrNoScript', ms);
  both('ratio S / B (server-rendered)', 'ssrRatio', ratio, '4x ≤ 1.3', pass(h[4].ssrRatio <= 1.3));
  if (COMPARE) {
    both("compared build S': headline painted", 'ssrBefore', ms);
    both("ratio S' / B (compared build)", 'ssrBeforeRatio', ratio);
  }
  both('ratio BL / B (what a linked stylesheet costs)', 'linkCost', ratio);
  both('ratio S / BL (server-rendered vs linked plain)', 'ssrVsLinked', ratio);
  both("ratio BS / B (what the story's content costs)", 'storyContentCost', ratio);
  both('ratio S0 / BS (what DSD + shadow root cost)', 'ssrFormCost', ratio);
  both('ratio S / BS (server-rendered vs same story plain)', 'ssrVsStory', ratio);
  both('ratio SE / B (entry script, not after-paint)', 'ssrEntryRatio', ratio);
  both('ratio S / S0 (what the script costs)', 'ssrScriptCost', ratio);
  both('ratio A / B (client-only)', 'ratio', ratio, '4x ≤ 3.5', pass(h[4].ratio <= 3.5));
  both('S: headline painted → element defined', 'ssrUndefined', ms);
  row('CLS through hydration (S, worst run)', h[1].ssrClsMax.toFixed(3), h[4].ssrClsMax.toFixed(3), '0', pass(h[1].ssrClsMax === 0 && h[4].ssrClsMax === 0));
  both('  cross-check: LCP B', 'plainLcp', ms);
  both('  cross-check: LCP A', 'elementLcp', ms);
  both('  cross-check: LCP S', 'ssrLcp', ms);
  both('  cross-check: LCP ratio A / B', 'lcpRatio', ratio);
  both('  cross-check: LCP ratio S / B', 'ssrLcpRatio', ratio);
}
if (results.instances[1]) {
  for (const count of INSTANCE_COUNTS) {
    row(`${count} instance(s): all headlines painted`, ms(results.instances[1][count]), ms(results.instances[4][count]));
  }
  const r50 = (cpu) => results.instances[cpu][50] / results.instances[cpu][1];
  row('ratio 50 / 1 instances', ratio(r50(1)), ratio(r50(4)), '≤ 2.5', pass(r50(1) <= 2.5 && r50(4) <= 2.5));
  const ssr = (cpu) => results.instances[cpu].ssr;
  const first = (cpu) => results.instances[cpu].ssrFirst;
  for (const count of [1, 50]) row(`${count} server-rendered: first headline painted`, ms(first(1)[count]), ms(first(4)[count]));
  const f50 = (cpu) => first(cpu)[50] / first(cpu)[1];
  row('ratio 50 / 1 server-rendered, first headline', ratio(f50(1)), ratio(f50(4)), '≤ 1.5', pass(f50(1) <= 1.5 && f50(4) <= 1.5));
  for (const count of [1, 50]) row(`${count} server-rendered: all headlines painted`, ms(ssr(1)[count]), ms(ssr(4)[count]));
  const s50 = (cpu) => ssr(cpu)[50] / ssr(cpu)[1];
  row('ratio 50 / 1 server-rendered, all headlines', ratio(s50(1)), ratio(s50(4)));
  if (COMPARE) {
    const b = (cpu) => results.instances[cpu].ssrBefore;
    const bf = (cpu) => results.instances[cpu].ssrBeforeFirst;
    for (const count of [1, 50]) row(`${count} server-rendered, compared build, first headline`, ms(bf(1)[count]), ms(bf(4)[count]));
    row('ratio 50 / 1 server-rendered, compared build, first headline', ratio(bf(1)[50] / bf(1)[1]), ratio(bf(4)[50] / bf(4)[1]));
    for (const count of [1, 50]) row(`${count} server-rendered, compared build, all headlines`, ms(b(1)[count]), ms(b(4)[count]));
    row('ratio 50 / 1 server-rendered, compared build, all headlines', ratio(b(1)[50] / b(1)[1]), ratio(b(4)[50] / b(4)[1]));
  }
}
if (results.reveal[1]) {
  for (const name of ['cta', 'jump-nav']) {
    row(`lazy ${name}: chunk response → shown`, ms(results.reveal[1][name].delay), ms(results.reveal[4][name].delay));
    row(`lazy ${name}: shown at`, ms(results.reveal[1][name].at), ms(results.reveal[4][name].at));
  }
}
const widths = [0, 1, 2, 3, 4].map((i) => Math.max(...[['metric', '1x CPU', '4x CPU', 'target', ''], ...rows].map((cells) => cells[i].length)));
const line = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
console.log(
  `\nMedians of ${RUNS} cold loads each (fresh browser context: empty cache; assets cacheable within the page), Chromium ${chromiumPath}, 1280×800, localhost, gzip${DIST === join(root, 'dist') ? '' : `, build ${DIST}`}.\n`,
);
console.log(line(['metric', '1x CPU', '4x CPU', 'target', '']));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const cells of rows) console.log(line(cells));

for (const [key, label] of [
  ['lighthouse', '--throttling-method=devtools, server-rendered demo story page as `npm start` serves it (gzip)'],
  ['lighthouseClient', '--throttling-method=devtools, client-only demo page as `npm start` serves it (gzip)'],
]) {
  const lh = results[key];
  if (!lh) continue;
  console.log(`\nLighthouse 12, mobile preset, ${label}: median of ${lh.runs.length}`);
  console.log(
    `  performance ${lh.score} (target 100, ${pass(lh.score >= 100)})   CLS ${lh.cls.toFixed(3)} (target 0, ${pass(lh.cls === 0)})   ` +
      `TBT ${Math.round(lh.tbt)} ms (target 0, ${pass(lh.tbt === 0)})   FCP ${ms(lh.fcp)}   LCP ${ms(lh.lcp)}   SI ${ms(lh.si)}   ` +
      `transfer ${(lh.transfer / 1000).toFixed(1)} kB`,
  );
  console.log(`  runs: ${lh.runs.map((run) => `${run.score}/${run.cls.toFixed(3)}/${Math.round(run.tbt)}ms`).join(', ')} (score/CLS/TBT)`);
  const lcpElement = lh.runs.find((run) => run.lcpElement)?.lcpElement;
  if (lcpElement) console.log(`  LCP element: ${lcpElement}`);
  const warnings = [...new Set(lh.runs.flatMap((run) => run.warnings ?? []))];
  if (warnings.length) console.log(`  warnings: ${warnings.join(' | ')}`);
}
if (results.longTasks) console.log(longTaskReport(results.longTasks, 'server-rendered page S (after-paint.js)').join('\n'));
if (args.includes('--json')) console.log(`\n${JSON.stringify(results, null, 2)}`);
