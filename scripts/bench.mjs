#!/usr/bin/env node
/**
 * `npm run bench` (not part of `npm test`; run `npm run build` first): how fast the story paints
 * and how long the main thread is blocked, in Debian's Chromium (puppeteer-core, never a download).
 *
 *  1. First paint (./bench/paint.mjs): FCP, LCP and the headline's first frame on four pages
 *     (./bench/pages.mjs), 4x CPU, cache disabled, interleaved rounds in shuffled order, adaptive:
 *     rounds are added until every ratio's bootstrap 95 % interval is narrower than ±5 % (or the cap).
 *     Ratios: each page / the plain-HTML story, and fifty server-rendered elements / one.
 *  2. Lighthouse 12 (./bench/lighthouse.mjs), mobile, devtools throttling, on the demo's
 *     server-rendered story page (as `npm start` serves it) and on the element-only page.
 *  3. The long tasks Lighthouse counts for TBT in those runs, with their top frames (./bench/trace.mjs).
 *
 * The load average (os.loadavg) is printed beside every result: the machine is shared, so compare
 * figures within one run only.
 * Options: --min-rounds N (10), --max-rounds N (60), --cpu N (4: the first-paint throttling; a higher
 * rate stands in for a slower machine, Lighthouse keeps its own 4x), --lighthouse-runs N (3),
 * --no-lighthouse, --json.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpus, loadavg, tmpdir } from 'node:os';
import puppeteer from 'puppeteer-core';
import { chromiumPath, launchOptions } from './chromium.mjs';
import { pageRoutes, serve } from './bench/pages.mjs';
import { METRICS, intervals, paintRounds } from './bench/paint.mjs';
import { lighthouseRuns } from './bench/lighthouse.mjs';
import { longTaskLines } from './bench/trace.mjs';
import { median, ms, verdict, x } from './bench/stats.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(`--${name}`) ? Number(args[args.indexOf(`--${name}`) + 1]) : fallback);
const MIN_ROUNDS = option('min-rounds', 10);
const MAX_ROUNDS = option('max-rounds', 60);
const LIGHTHOUSE_RUNS = option('lighthouse-runs', 3);
const CPU = option('cpu', 4);

if (!existsSync(join(dist, 'redcliffe-case-study.js'))) {
  console.error('dist/redcliffe-case-study.js is missing: run `npm run build` first.');
  process.exit(1);
}

const PAGES = {
  plain: ['/plain-story/', 'plain-HTML story (floor)'],
  ssr: ['/ssr/1/', 'server-rendered story, entry script'],
  fifty: ['/ssr/50/', 'fifty server-rendered elements'],
  client: ['/element/1/', 'only the element, client-rendered'],
};
const RATIOS = [
  { page: 'ssr', floor: 'plain', target: { fcp: [1.05, 1.1] } },
  { page: 'fifty', floor: 'ssr', target: { fcp: [1.1], headline: [1.1] } },
  { page: 'fifty', floor: 'plain' },
  { page: 'client', floor: 'plain' },
];
const loadNow = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const progress = (message) => process.stderr.write(`${message}\n`);
const out = [];
const print = (line = '') => {
  out.push(line);
  console.log(line);
};

const { origin, close } = await serve(await pageRoutes(dist));
const results = {};
try {
  // 1. First paint.
  const browser = await puppeteer.launch({ ...launchOptions, protocolTimeout: 120_000 });
  // Figures move between Chromium releases (Debian's package is not the same version on every machine).
  results.browser = await browser.version();
  const loadBefore = loadNow();
  try {
    const urls = Object.fromEntries(Object.entries(PAGES).map(([name, [path]]) => [name, `${origin}${path}`]));
    results.paint = await paintRounds(browser, urls, RATIOS, {
      cpu: CPU,
      minRounds: MIN_ROUNDS,
      maxRounds: MAX_ROUNDS,
      onRound: (round) => round % 5 === 0 && progress(`paint: round ${round}, load ${loadNow()}`),
    });
  } finally {
    await browser.close();
  }
  const { runs, rounds, load1, precise, worst } = results.paint;
  print(
    `\nFirst paint, ${CPU}x CPU (Emulation.setCPUThrottlingRate), cache disabled, fresh context per load, 1280×800, ` +
      `${results.browser} (${chromiumPath}), ${cpus().length} CPUs.`,
  );
  print(
    `${rounds} interleaved rounds (shuffled order each round; adaptive from ${MIN_ROUNDS}, cap ${MAX_ROUNDS}): ` +
      `${precise ? 'every interval narrower than ±5 %' : `cap reached, widest interval ±${(worst * 100).toFixed(1)} %`}. ` +
      `Load average (1, 5, 15 min) ${loadBefore} before, ${loadNow()} after; 1-min load over the rounds ${Math.min(...load1).toFixed(2)}–${Math.max(...load1).toFixed(2)}, median ${median(load1).toFixed(2)}.`,
  );
  print(`\n  ${'page (medians)'.padEnd(52)} ${METRICS.map((metric) => metric.padStart(10)).join(' ')}`);
  for (const [name, [path, label]] of Object.entries(PAGES)) {
    print(`  ${`${label} ${path}`.padEnd(52)} ${METRICS.map((metric) => ms(median(runs[name][metric])).padStart(10)).join(' ')}`);
  }
  print(`\n  ${'ratio'.padEnd(56)} ${'metric'.padEnd(8)} median   bootstrap 95 % interval    target`);
  for (const interval of intervals(runs, RATIOS)) {
    const ratio = RATIOS.find((r) => r.page === interval.page && r.floor === interval.floor);
    const [limit, upper] = ratio.target?.[interval.metric] ?? [];
    const target = limit ? `≤ ${limit}${upper ? `, upper ≤ ${upper}` : ''}  ${verdict(interval.estimate <= limit && (!upper || interval.high <= upper))}` : '';
    const label = `${PAGES[interval.page][1]} / ${interval.floor === 'plain' ? 'plain story' : 'one'}`;
    print(
      `  ${label.padEnd(56)} ${interval.metric.padEnd(8)} ${x(interval.estimate)}   ${x(interval.low)}–${x(interval.high)} (±${(interval.halfWidth * 100).toFixed(1)} %)  ${target}`,
    );
  }

  // 2 and 3. Lighthouse and its long tasks.
  if (!args.includes('--no-lighthouse')) {
    process.env.CHROME_PATH ??= chromiumPath;
    const { startDemoServer, PAGES: DEMO_PAGES } = await import('../demo/server.mjs');
    const demo = await startDemoServer({ port: 0, quiet: true, rateLimit: false, leadsDir: join(tmpdir(), 'rcs-bench-leads') });
    try {
      progress('Lighthouse: demo story page…');
      results.story = await lighthouseRuns(`${demo.url}${DEMO_PAGES.story}`, LIGHTHOUSE_RUNS, dist);
    } finally {
      await demo.close();
    }
    progress('Lighthouse: element-only page…');
    results.element = await lighthouseRuns(`${origin}${PAGES.client[0]}`, LIGHTHOUSE_RUNS, dist);
    const targets = {
      story: { lcp: (v) => v <= 1000, tbt: (v) => v <= 50, cls: (v) => v === 0 },
      element: { tbt: (v) => v <= 50, score: (v) => v >= 95 },
    };
    const targetText = { lcp: '≤ 1000 ms', tbt: '≤ 50 ms', cls: '0', score: '≥ 95' };
    for (const [key, label] of [
      ['story', `the demo's server-rendered story page (${DEMO_PAGES.story}, as \`npm start\` serves it)`],
      ['element', `the element-only page (${PAGES.client[0]}, client-rendered, the CMS snippet)`],
    ]) {
      const lh = results[key];
      print(`\nLighthouse 12, mobile, throttlingMethod devtools, ${label}: median of ${lh.runs.length} (min–max)`);
      print(`  load average (1 min) before each run: ${lh.runs.map((run) => run.load.toFixed(2)).join(', ')}`);
      for (const [name, unit] of [
        ['score', ''],
        ['fcp', ' ms'],
        ['lcp', ' ms'],
        ['tbt', ' ms'],
        ['cls', ''],
      ]) {
        const value = (v) => (name === 'cls' ? v.toFixed(3) : `${Math.round(v)}${unit}`);
        const check = targets[key][name];
        print(
          `  ${name.toUpperCase().padEnd(6)} ${value(lh[name].median).padStart(8)}  (${value(lh[name].min)}–${value(lh[name].max)})` +
            `${check ? `  target ${targetText[name]}: ${verdict(check(lh[name].median))}` : ''}`,
        );
      }
      const warnings = [...new Set(lh.runs.flatMap((run) => run.warnings ?? []))];
      if (warnings.length) print(`  warnings: ${warnings.join(' | ')}`);
      print('  long tasks Lighthouse counts for TBT (top-level, over 50 ms, overlapping FCP–TTI; blocking = what each adds), top frames by self time in ms:');
      for (const line of longTaskLines(lh.runs)) print(line);
    }
  }
} finally {
  close();
}
print(`\nLoad average at the end: ${loadNow()}`);
if (args.includes('--json')) console.log(JSON.stringify(results, null, 2));
