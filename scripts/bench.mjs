#!/usr/bin/env node
/**
 * `npm run bench` (not part of `npm test`; run `npm run build` first): how fast the element paints,
 * measured in Debian's Chromium (puppeteer-core, launch options from scripts/chromium.mjs).
 *
 *  1. Headline: time from navigation start to the headline painted, every page beside the floor,
 *     page BS: the same story as plain light-DOM HTML (no custom element, no shadow root, no script).
 *     Page B is a headline-only page; S the story server-rendered by renderCaseStudy with its styles
 *     inline and the entry script; SL the same with the stylesheet linked; SP the same as S loaded
 *     through an after-paint loader; S0 the server HTML without script; A the element rendered in the
 *     browser, pasted as the CMS snippet (docs/cms.md, from scripts/sri.mjs); A0 the element with the
 *     entry script alone. Pages load in rotating order, cold cache (a fresh browser context per load),
 *     medians and interquartile ranges of --runs (default 15), at 1x and 4x CPU throttle. Pages S
 *     and SP also record CLS through hydration, and SP against S is printed run by run.
 *     "Painted" = the first frame in which the h1 exists (polled by requestAnimationFrame, in the
 *     shadow root for A), timed right after that frame's rendering (a message posted from the rAF
 *     callback runs once the frame is done). LCP is recorded beside it as a cross-check.
 *  2. Instances: 1, 10 and 50 client-rendered elements, time until every headline is painted; and
 *     1 vs 50 server-rendered elements (the first with its styles inline, the rest linking the one
 *     stylesheet; and, to compare, each inline): the first headline painted (the top of the page,
 *     what a visitor sees; the target) and every headline painted, with each page's HTML size.
 *  3. Lazy sections: delay from a chunk's response end to its placeholder replaced on screen.
 *  4. Long tasks on page S at 4x CPU: the longest task after the first paint and the TBT, from the
 *     Long Tasks API in the page (scripts/bench-long-tasks.mjs).
 *  5. Lighthouse (mobile preset, `--throttling-method=devtools`: 4x CPU, slow 4G applied in the
 *     browser) on page S, and on the demo's server-rendered story page and client-only page as
 *     `npm start` serves them, if `lighthouse` is installed.
 * The machine's load average is printed at the start and the end: on a shared machine, compare
 * figures within one run only.
 *
 * Targets (4x): S ≤ 1.05x BS; 50 server-rendered ≤ 1.1x one (first headline); A ≤ 1.5x BS; CLS 0
 * through hydration; Lighthouse LCP ≤ 1 s, TBT ≤ 50 ms, CLS 0, performance 100.
 * Options: --runs N, --no-lighthouse, --lighthouse-runs N, --json (print the raw results as JSON too),
 * --dist DIR (measure another build, e.g. an experiment; Lighthouse on the demo always uses dist/),
 * --only headline|instances (skip the other part),
 * --compare DIR (also load another build's server-rendered page S' in the same rotation: a
 * before/after table from one run).
 */
import { createServer } from 'node:http';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { cpus, loadavg, tmpdir } from 'node:os';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath, launchOptions } from './chromium.mjs';
import { cmsSnippet } from './sri.mjs';
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
/**
 * Page A is the client-rendered story as a CMS editor pastes it: the snippet scripts/sri.mjs writes
 * into docs/cms.md (import map with integrity, modulepreload of the core, the entry), from this build.
 * Page A0 is the element with the entry script alone: what the snippet's hints gain.
 */
const integrity = JSON.parse(readFileSync(join(DIST, 'integrity.json'), 'utf8'));
const snippetHead = cmsSnippet(integrity.files, '/').replace(/<redcliffe-case-study>[\s\S]*$/, '');
/**
 * Page SP loads the element through an after-paint loader: the entry preloaded, and imported from a
 * task queued in the next animation frame's callback, so after the frame that paints the server's
 * HTML. dist/after-paint.js when the build has one; otherwise the same three lines, served here.
 */
addRoute(
  '/dist/after-paint.js',
  'text/javascript',
  existsSync(join(DIST, 'after-paint.js'))
    ? readFileSync(join(DIST, 'after-paint.js'))
    : "requestAnimationFrame(() => setTimeout(() => import('./redcliffe-case-study.js')));",
);
const afterPaintScript = '<link rel="modulepreload" href="/dist/redcliffe-case-study.js"><script type="module" src="/dist/after-paint.js"></script>';
/** Page SD: the same loader without the modulepreload, so nothing of the element is fetched or compiled before that frame. */
const afterPaintOnly = '<script type="module" src="/dist/after-paint.js"></script>';
// Server-rendered pages: renderCaseStudy from the build measured; inline styles unless told.
const { renderCaseStudy } = await import(pathToFileURL(join(DIST, 'ssr.js')).href);
addRoute('/dist/redcliffe-case-study.css', 'text/css', readFileSync(join(DIST, 'redcliffe-case-study.css')));
/** `count` server-rendered elements; `styles(i)` picks the i-th one's styles mode. */
const serverRendered = (prefix, count, styles = (i) => (i === 0 ? 'inline' : 'link')) =>
  Array.from({ length: count }, (_, i) => renderCaseStudy({ path: `${prefix}/`, base: prefix, assetsUrl: '/dist', styles: styles(i) }).html).join('\n');
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
      (_, i) =>
        before.renderCaseStudy({ path: `/ssr-before/${count}/`, base: `/ssr-before/${count}`, assetsUrl: '/before/dist', styles: i === 0 ? 'inline' : 'link' })
          .html,
    ).join('\n');
    addRoute(
      `/ssr-before/${count}/`,
      'text/html',
      page(
        `${count} server-rendered (compared build)`,
        `<style>body{margin:0}</style><script type="module" src="/before/dist/redcliffe-case-study.js"></script>`,
        html,
      ),
    );
  }
}
const ssrPages = {
  // The product path: styles inline, the entry script.
  '/ssr/1/': [elementScript, serverRendered('/ssr/1', 1)],
  // 50 elements: the first inline, the other 49 link the one stylesheet (the documented way).
  '/ssr/50/': [elementScript, serverRendered('/ssr/50', 50)],
  // 50 elements, each with its own copy inline: what that would cost.
  '/ssr-inline-all/50/': [elementScript, serverRendered('/ssr-inline-all/50', 50, () => 'inline')],
  // The same story loaded through dist/after-paint.js.
  '/ssr-after-paint/1/': [afterPaintScript, serverRendered('/ssr-after-paint/1', 1)],
  '/ssr-after-paint-only/1/': [afterPaintOnly, serverRendered('/ssr-after-paint-only/1', 1)],
  // The linked-stylesheet mode.
  '/ssr-link/1/': [elementScript, serverRendered('/ssr-link/1', 1, () => 'link')],
  '/ssr-noscript/1/': ['', serverRendered('/ssr-noscript/1', 1)],
};
for (const [path, [script, html]] of Object.entries(ssrPages)) {
  addRoute(path, 'text/html', page(`server-rendered ${path}`, `<style>body{margin:0}</style>${script}`, html));
}
/** Transfer size (gzip) of each server-rendered page's HTML, for the 50-element choice. */
const htmlBytes = Object.fromEntries(Object.keys(ssrPages).map((path) => [path, routes.get(path).gzip.length]));
addRoute('/plain/', 'text/html', page('Plain headline', plainStyle, `<main><p class="badge">Customer Story</p><h1>${HEADLINE}</h1></main>`));
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
for (const count of INSTANCE_COUNTS) {
  const elements = Array.from({ length: count }, () => `<redcliffe-case-study base="/element/${count}"></redcliffe-case-study>`).join('\n');
  addRoute(`/element/${count}/`, 'text/html', page(`${count} element(s)`, `<style>body{margin:0}</style>${snippetHead}`, elements));
}
addRoute(
  '/element-bare/1/',
  'text/html',
  page('1 element, entry script only', `<style>body{margin:0}</style>${elementScript}`, '<redcliffe-case-study base="/element-bare/1"></redcliffe-case-study>'),
);

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

const quantile = (values, q) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low] + (sorted[Math.min(low + 1, sorted.length - 1)] - sorted[low]) * (at - low);
};
const median = (values) => quantile(values, 0.5);
/** Median and interquartile range (the spread of the middle half of the runs). */
const summary = (values) => ({ median: median(values), p25: quantile(values, 0.25), p75: quantile(values, 0.75) });
const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)} ms` : 'n/a');
const ratio = (value) => (Number.isFinite(value) ? `${value.toFixed(2)}x` : 'n/a');
const spread = (stat) => (stat && Number.isFinite(stat.p25) ? `${Math.round(stat.p25)}–${Math.round(stat.p75)}` : '');

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
const results = { headline: {}, instances: {}, reveal: {}, htmlBytes, loadAverage: { start: loadavg() } };
const pass = (ok) => (ok ? 'ok' : 'MISS');
const progress = (message) => process.stderr.isTTY && process.stderr.write(`\r${message.padEnd(60)}\r`);

/** Loads every page of `pages` `RUNS` times in rotating order (drift in machine load hits each alike); each field's runs per page. */
async function rotate(pages, cpu, label, fields) {
  const names = Object.keys(pages);
  const runs = Object.fromEntries(names.map((name) => [name, Object.fromEntries(Object.keys(fields).map((field) => [field, []]))]));
  // Warm-up (server, browser process), not counted.
  for (const path of Object.values(pages)) await load(browser, `${origin}${path}`, cpu);
  for (let run = 0; run < RUNS; run++) {
    for (const which of names.map((_, i) => names[(i + run) % names.length])) {
      const result = await load(browser, `${origin}${pages[which]}`, cpu);
      for (const [field, read] of Object.entries(fields)) runs[which][field].push(read(result));
    }
    progress(`${cpu}x CPU: ${label} run ${run + 1}/${RUNS}`);
  }
  return runs;
}

try {
  for (const cpu of [1, 4]) {
    if (ONLY !== 'instances') {
      const pages = {
        plain: '/plain/',
        plainStory: '/plain-story/',
        element: '/element/1/',
        elementBare: '/element-bare/1/',
        ssr: '/ssr/1/',
        ssrAfterPaint: '/ssr-after-paint/1/',
        ssrAfterPaintOnly: '/ssr-after-paint-only/1/',
        ssrLink: '/ssr-link/1/',
        ssrNoScript: '/ssr-noscript/1/',
        ...(COMPARE ? { ssrBefore: '/ssr-before/1/' } : {}),
      };
      const runs = await rotate(pages, cpu, 'headline', {
        headline: (result) => result.headline,
        lcp: (result) => result.lcp,
        cls: (result) => result.cls,
        defined: (result) => result.defined - result.headline,
        ctaDelay: (result) => result.reveal.cta - result.chunks.cta,
        ctaAt: (result) => result.reveal.cta,
        jumpDelay: (result) => result.reveal['jump-nav'] - result.chunks['jump-nav'],
        jumpAt: (result) => result.reveal['jump-nav'],
      });
      results.headline[cpu] = Object.fromEntries(
        Object.entries(runs).map(([name, fields]) => [
          name,
          {
            headline: summary(fields.headline),
            lcp: median(fields.lcp),
            clsMax: Math.max(...fields.cls),
            defined: median(fields.defined),
            runs: fields.headline,
          },
        ]),
      );
      results.reveal[cpu] = {
        cta: { delay: median(runs.element.ctaDelay), at: median(runs.element.ctaAt) },
        'jump-nav': { delay: median(runs.element.jumpDelay), at: median(runs.element.jumpAt) },
      };
    }

    if (ONLY !== 'headline') {
      // Client-rendered: 1, 10 and 50 elements, every headline painted.
      const client = await rotate(Object.fromEntries(INSTANCE_COUNTS.map((count) => [count, `/element/${count}/`])), cpu, 'client instances', {
        headline: (result) => result.headline,
      });
      // Server-rendered: 1 and 50 (first inline, the rest linked) and 50 each inline.
      const ssr = await rotate({ one: '/ssr/1/', fifty: '/ssr/50/', fiftyInline: '/ssr-inline-all/50/' }, cpu, 'server-rendered instances', {
        first: (result) => result.firstHeadline,
        all: (result) => result.headline,
        cls: (result) => result.cls,
      });
      results.instances[cpu] = {
        client: Object.fromEntries(INSTANCE_COUNTS.map((count) => [count, summary(client[count].headline)])),
        ssr: Object.fromEntries(
          Object.entries(ssr).map(([name, fields]) => [name, { first: summary(fields.first), all: summary(fields.all), clsMax: Math.max(...fields.cls) }]),
        ),
      };
    }
  }
  // Long tasks after the first paint on the server-rendered page (scripts/bench-long-tasks.mjs).
  results.longTasks = await measureLongTasks(browser, `${origin}/ssr/1/`, {
    runs: RUNS,
    onRun: (run) => progress(`4x CPU: long tasks run ${run + 1}/${RUNS}`),
  });
  progress('');

  if (WITH_LIGHTHOUSE && (await hasLighthouse())) {
    process.env.CHROME_PATH ??= chromiumPath;
    // The bench's own server-rendered page (styles inline, entry script) while its server runs.
    process.stderr.write('Lighthouse (server-rendered story, styles inline)…\n');
    results.lighthouseInline = await lighthouseRuns(`${origin}/ssr/1/`, LIGHTHOUSE_RUNS).catch((error) => console.log(`Lighthouse failed: ${error}`));
  }
} finally {
  await browser.close();
  server.close();
}

async function hasLighthouse() {
  try {
    await import('lighthouse');
    return true;
  } catch {
    console.log('lighthouse is not installed: skipping the Lighthouse runs (npm i -D lighthouse@12).');
    return false;
  }
}

if (WITH_LIGHTHOUSE && (await hasLighthouse())) {
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
results.loadAverage.end = loadavg();

// ---------------------------------------------------------------------------------------------
// Report: each figure beside its floor, the same story as plain light-DOM HTML (page BS).
// ---------------------------------------------------------------------------------------------
const rows = [];
const HEADER = ['metric', '1x CPU', '4x CPU', '4x p25–p75', 'ratio 1x', 'ratio 4x', 'target', ''];
const row = (...cells) => rows.push(HEADER.map((_, i) => cells[i] ?? ''));
const h = results.headline;
/** A page's headline at 1x and 4x, with its spread and its ratio to `floor` (a page name), and an optional target on the 4x ratio. */
const headlineRow = (label, name, floor, limit) => {
  if (!h[1]?.[name]) return;
  const r = (cpu) => h[cpu][name].headline.median / h[cpu][floor].headline.median;
  row(
    label,
    ms(h[1][name].headline.median),
    ms(h[4][name].headline.median),
    spread(h[4][name].headline),
    floor === name ? 'floor' : ratio(r(1)),
    floor === name ? 'floor' : ratio(r(4)),
    limit ? `≤ ${limit}` : '',
    limit ? pass(r(4) <= limit) : '',
  );
};
if (h[1]) {
  headlineRow('plain story BS (same story, light DOM): headline', 'plainStory', 'plainStory');
  headlineRow('plain headline only B', 'plain', 'plainStory');
  headlineRow('server-rendered S (styles inline, entry)', 'ssr', 'plainStory', 1.05);
  headlineRow('server-rendered, stylesheet linked SL', 'ssrLink', 'plainStory');
  headlineRow('server-rendered via after-paint.js SP', 'ssrAfterPaint', 'plainStory');
  headlineRow('the same loader, no modulepreload SD', 'ssrAfterPaintOnly', 'plainStory');
  headlineRow('server HTML without script S0 (inline)', 'ssrNoScript', 'plainStory');
  headlineRow('client-rendered A (the CMS snippet)', 'element', 'plainStory', 1.5);
  headlineRow('client-rendered A0 (entry script alone)', 'elementBare', 'plainStory');
  if (COMPARE) headlineRow("compared build S' (server-rendered)", 'ssrBefore', 'plainStory');
  const cls = (name) => Math.max(h[1][name].clsMax, h[4][name].clsMax);
  row('CLS through hydration, S (worst run)', h[1].ssr.clsMax.toFixed(4), h[4].ssr.clsMax.toFixed(4), '', '', '', '0', pass(cls('ssr') === 0));
  row(
    'CLS through hydration, SP (worst run)',
    h[1].ssrAfterPaint.clsMax.toFixed(4),
    h[4].ssrAfterPaint.clsMax.toFixed(4),
    '',
    '',
    '',
    '0',
    pass(cls('ssrAfterPaint') === 0),
  );
  row('S: headline painted → element defined', ms(h[1].ssr.defined), ms(h[4].ssr.defined));
  row('SP: headline painted → element defined', ms(h[1].ssrAfterPaint.defined), ms(h[4].ssrAfterPaint.defined));
  for (const [label, name] of [
    ['LCP BS', 'plainStory'],
    ['LCP S', 'ssr'],
    ['LCP A', 'element'],
  ]) {
    row(
      `  cross-check: ${label}`,
      ms(h[1][name].lcp),
      ms(h[4][name].lcp),
      '',
      ratio(h[1][name].lcp / h[1].plainStory.lcp),
      ratio(h[4][name].lcp / h[4].plainStory.lcp),
    );
  }
}
const inst = results.instances;
if (inst[1]) {
  const c = (cpu, count) => inst[cpu].client[count].median;
  for (const count of INSTANCE_COUNTS) {
    row(
      `${count} client-rendered: all headlines painted`,
      ms(c(1, count)),
      ms(c(4, count)),
      spread(inst[4].client[count]),
      ratio(c(1, count) / c(1, 1)),
      ratio(c(4, count) / c(4, 1)),
    );
  }
  const s = (cpu, name, which) => inst[cpu].ssr[name][which].median;
  const ssrRow = (label, name, which, limit) => {
    const r = (cpu) => s(cpu, name, which) / s(cpu, 'one', which);
    row(
      label,
      ms(s(1, name, which)),
      ms(s(4, name, which)),
      spread(inst[4].ssr[name][which]),
      name === 'one' ? 'floor' : ratio(r(1)),
      name === 'one' ? 'floor' : ratio(r(4)),
      limit ? `≤ ${limit}` : '',
      limit ? pass(r(4) <= limit) : '',
    );
  };
  ssrRow('1 server-rendered: first headline', 'one', 'first');
  ssrRow('50 server-rendered (1st inline, rest linked): first', 'fifty', 'first', 1.1);
  ssrRow('50 server-rendered, each inline: first headline', 'fiftyInline', 'first');
  ssrRow('1 server-rendered: all headlines', 'one', 'all');
  ssrRow('50 server-rendered (1st inline, rest linked): all', 'fifty', 'all');
  ssrRow('50 server-rendered, each inline: all headlines', 'fiftyInline', 'all');
  const kb = (path) => `${(htmlBytes[path] / 1000).toFixed(1)} kB`;
  const cls50 = Math.max(inst[1].ssr.fifty.clsMax, inst[4].ssr.fifty.clsMax);
  row('CLS, 50 server-rendered (worst run)', inst[1].ssr.fifty.clsMax.toFixed(4), inst[4].ssr.fifty.clsMax.toFixed(4), '', '', '', '0', pass(cls50 === 0));
  row('HTML gzip: 1 / 50 (1st inline) / 50 (each inline)', '', `${kb('/ssr/1/')} / ${kb('/ssr/50/')} / ${kb('/ssr-inline-all/50/')}`);
}
if (results.reveal[1]) {
  for (const name of ['cta', 'jump-nav']) {
    row(`lazy ${name} (A): chunk response → shown`, ms(results.reveal[1][name].delay), ms(results.reveal[4][name].delay));
  }
}
const widths = HEADER.map((_, i) => Math.max(...[HEADER, ...rows].map((cells) => cells[i].length)));
const line = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
const load1 = (values) => values.map((value) => value.toFixed(2)).join(' ');
console.log(
  `\nMedians of ${RUNS} cold loads each, pages in rotating order (fresh browser context: empty cache; assets cacheable within the page), ` +
    `Chromium ${chromiumPath}, 1280×800, localhost, gzip${DIST === join(root, 'dist') ? '' : `, build ${DIST}`}. ` +
    `Floor: the same story as plain light-DOM HTML (BS). Load average (1, 5, 15 min) ${load1(results.loadAverage.start)} at the start, ${load1(results.loadAverage.end)} at the end, ${cpus().length} CPUs.\n`,
);
console.log(line(HEADER));
console.log(widths.map((width) => '-'.repeat(width)).join('  '));
for (const cells of rows) console.log(line(cells));

if (h[4]?.ssrAfterPaint) {
  // after-paint.js against the entry imported directly: better only if the middle halves of the runs do not overlap.
  console.log('\nafter-paint.js (SP) vs the entry imported directly (S), headline painted, every run:');
  for (const cpu of [1, 4]) {
    const [sp, se] = [h[cpu].ssrAfterPaint.headline, h[cpu].ssr.headline];
    const verdict = sp.p75 < se.p25 ? 'after-paint better beyond the spread' : se.p75 < sp.p25 ? 'entry better beyond the spread' : 'within the spread';
    console.log(`  ${cpu}x  SP ${h[cpu].ssrAfterPaint.runs.map(Math.round).join(' ')}`);
    console.log(`  ${cpu}x  S  ${h[cpu].ssr.runs.map(Math.round).join(' ')}`);
    console.log(`  ${cpu}x  median SP ${ms(sp.median)} (${spread(sp)}), S ${ms(se.median)} (${spread(se)}): ${verdict}`);
  }
}

for (const [key, label] of [
  ['lighthouseInline', '--throttling-method=devtools, server-rendered story, styles inline, entry script (the bench page S)'],
  ['lighthouse', '--throttling-method=devtools, server-rendered demo story page as `npm start` serves it (gzip)'],
  ['lighthouseClient', '--throttling-method=devtools, client-only demo page as `npm start` serves it (gzip)'],
]) {
  const lh = results[key];
  if (!lh) continue;
  console.log(`\nLighthouse 12, mobile preset, ${label}: median of ${lh.runs.length}`);
  console.log(
    `  performance ${lh.score} (target 100, ${pass(lh.score >= 100)})   CLS ${lh.cls.toFixed(3)} (target 0, ${pass(lh.cls === 0)})   ` +
      `TBT ${Math.round(lh.tbt)} ms (target ≤ 50, ${pass(lh.tbt <= 50)})   LCP ${ms(lh.lcp)} (target ≤ 1000, ${pass(lh.lcp <= 1000)})   FCP ${ms(lh.fcp)}   SI ${ms(lh.si)}   ` +
      `transfer ${(lh.transfer / 1000).toFixed(1)} kB`,
  );
  console.log(
    `  runs: ${lh.runs.map((run) => `${run.score}/${run.cls.toFixed(3)}/${Math.round(run.tbt)}ms/${Math.round(run.lcp)}ms`).join(', ')} (score/CLS/TBT/LCP)`,
  );
  const lcpElement = lh.runs.find((run) => run.lcpElement)?.lcpElement;
  if (lcpElement) console.log(`  LCP element: ${lcpElement}`);
  const warnings = [...new Set(lh.runs.flatMap((run) => run.warnings ?? []))];
  if (warnings.length) console.log(`  warnings: ${warnings.join(' | ')}`);
}
if (results.longTasks) console.log(longTaskReport(results.longTasks, 'server-rendered page S (entry script)').join('\n'));
if (args.includes('--json')) console.log(`\n${JSON.stringify(results, null, 2)}`);
