#!/usr/bin/env node
/**
 * `npm run bench` (not part of `npm test`; run `npm run build` first): what the element costs over
 * the same page with the story as plain HTML (issue 42), in Debian's Chromium (never a download).
 *
 *  1. The demo host site is started and each page fetched as it serves it; each gets its plain twin
 *     (./bench/twin.mjs) and both are served side by side (./bench/site.mjs): the demo story page
 *     (server-rendered) and its twin; the client-only page, whose twin is the story page's; fifty
 *     server-rendered elements on the story page and fifty plain stories.
 *  2. Each twin is checked to render pixel for pixel as its element page (./bench/twin-check.mjs).
 *  3. Lighthouse 12, mobile, devtools throttling (./bench/lighthouse.mjs), on the five pages in
 *     interleaved rounds, each round in a newly shuffled order, a fresh Chromium per run.
 *  4. Each target: the median of the per-round ratios or differences (page against its twin in the
 *     same round) with their min–max, PASS or FAIL; the medians of every page; the long tasks
 *     Lighthouse counts for TBT in every run with their top frames (./bench/trace.mjs).
 *
 * The load average is printed beside every result: the machine is shared, so compare figures
 * within one run only. Options: --rounds N (7), --pages story,client,fifty (the comparisons to
 * run, all three by default), --json.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpus, loadavg } from 'node:os';
import puppeteer from 'puppeteer-core';
import { chromiumPath } from './chromium.mjs';
import { FIFTY, startBenchSite } from './bench/site.mjs';
import { checkTwins } from './bench/twin-check.mjs';
import { lighthouseRun } from './bench/lighthouse.mjs';
import { longTaskLines } from './bench/trace.mjs';
import { ms, paired, plusMs, spread, verdict, x } from './bench/stats.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const ROUNDS = Number(option('rounds', 7));
const COMPARISONS = option('pages', 'story,client,fifty').split(',');

if (!existsSync(join(dist, 'redcliffe-case-study.js'))) {
  console.error('dist/redcliffe-case-study.js is missing: run `npm run build` first.');
  process.exit(1);
}

const PAGES = {
  story: 'the demo story page, server-rendered',
  storyTwin: 'its plain twin',
  client: 'the client-only demo page',
  fifty: `${FIFTY} server-rendered elements on the story page`,
  fiftyTwin: `${FIFTY} plain stories`,
};
/** Issue 42's targets: each page against its twin, on any machine. */
const TARGETS = [
  { comparison: 'story', page: 'story', twin: 'storyTwin', metric: 'lcp', kind: 'ratio', limit: 1.05 },
  { comparison: 'story', page: 'story', twin: 'storyTwin', metric: 'tbt', kind: 'difference', limit: 25 },
  { comparison: 'story', page: 'story', metric: 'cls', kind: 'every run', limit: 0 },
  { comparison: 'client', page: 'client', twin: 'storyTwin', metric: 'lcp', kind: 'ratio', limit: 1.5 },
  { comparison: 'client', page: 'client', twin: 'storyTwin', metric: 'tbt', kind: 'difference', limit: 50 },
  { comparison: 'fifty', page: 'fifty', twin: 'fiftyTwin', metric: 'fcp', kind: 'ratio', limit: 1.05 },
  { comparison: 'fifty', page: 'fifty', twin: 'fiftyTwin', metric: 'tbt', kind: 'difference', limit: 25 },
].filter((target) => COMPARISONS.includes(target.comparison));
const pages = [...new Set(TARGETS.flatMap((target) => [target.page, target.twin].filter(Boolean)))];
const CHECKS = [
  { page: 'story', twin: 'storyTwin', fullPage: true },
  { page: 'fifty', twin: 'fiftyTwin', fullPage: false },
].filter((check) => pages.includes(check.page));

const load1 = () => loadavg()[0].toFixed(2);
const loadNow = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
const progress = (message) => process.stderr.write(`${message}\n`);
const print = (line = '') => console.log(line);
const shuffled = (items) => {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
};

process.env.CHROME_PATH ??= chromiumPath;
const site = await startBenchSite(dist);
const results = { runs: Object.fromEntries(pages.map((page) => [page, []])) };
try {
  const loadBefore = loadNow();
  progress('Checking that each twin renders as its element page…');
  const check = await checkTwins(puppeteer, site.urls, CHECKS);
  results.browser = check.version;
  print(`Lighthouse 12, mobile preset, throttlingMethod devtools, a fresh ${results.browser} (${chromiumPath}) per run, ${cpus().length} CPUs.`);
  print(`Load average (1, 5, 15 min) before: ${loadBefore}.`);
  print('\nEach twin against its element page, screenshots after load (pixels that differ; page heights):');
  for (const { page, twin, width, pixels, heights } of check.results) {
    print(
      `  ${`${PAGES[twin]} / ${PAGES[page]}, ${width} px wide`.padEnd(78)} ${String(pixels).padStart(7)} px  ${heights.join(' / ')} px  ${pixels ? 'DIFFERENT' : 'same'}`,
    );
  }
  if (check.results.some((result) => result.pixels))
    throw new Error('A twin does not render as its element page: its ratios would compare different pages. Fix scripts/bench/twin.mjs first.');

  for (let round = 1; round <= ROUNDS; round++) {
    for (const page of shuffled(pages)) {
      progress(`round ${round}/${ROUNDS}: ${page} (load ${load1()})`);
      results.runs[page].push(await lighthouseRun(site.urls[page], dist));
    }
  }
} finally {
  await site.close();
}

const { runs } = results;
const values = (page, metric) => runs[page].map((run) => run[metric]);
const allLoads = pages.flatMap((page) => values(page, 'load'));
const loads = spread(allLoads);
print(
  `\n${ROUNDS} interleaved rounds of ${pages.length} pages, each round in a newly shuffled order. 1-minute load before each run: ` +
    `median ${loads.median.toFixed(2)}, ${loads.min.toFixed(2)}–${loads.max.toFixed(2)}; load average after: ${loadNow()}.`,
);

print(
  `\n  ${'page: median (min–max)'.padEnd(52)} ${'score'.padStart(6)} ${'FCP'.padStart(22)} ${'LCP'.padStart(22)} ${'TBT'.padStart(22)} ${'CLS'.padStart(6)}  gzip`,
);
for (const page of pages) {
  const cell = (metric) => {
    const { median, min, max } = spread(values(page, metric));
    return `${ms(median)} (${Math.round(min)}–${Math.round(max)})`.padStart(22);
  };
  const cls = spread(values(page, 'cls'));
  print(
    `  ${PAGES[page].padEnd(52)} ${String(spread(values(page, 'score')).median).padStart(6)} ${cell('fcp')} ${cell('lcp')} ${cell('tbt')} ${cls.max.toFixed(3).padStart(6)}  ${(site.sizes[page].gzip / 1000).toFixed(1)} kB`,
  );
}

print(`\n  ${'target: median of the per-round values (min–max)'.padEnd(70)} ${'value'.padStart(9)} ${'spread'.padStart(20)}  target`);
results.targets = TARGETS.map((target) => {
  const name = target.metric.toUpperCase();
  if (target.kind === 'every run') {
    const { max, min } = spread(values(target.page, target.metric));
    const pass = max <= target.limit;
    print(
      `  ${`${PAGES[target.page]}: ${name} in every run`.padEnd(70)} ${max.toFixed(3).padStart(9)} ${`${min.toFixed(3)}–${max.toFixed(3)}`.padStart(20)}  ${target.limit}  ${verdict(pass)}`,
    );
    return { ...target, max, pass };
  }
  const result = paired(values(target.page, target.metric), values(target.twin, target.metric), target.kind);
  const show = target.kind === 'ratio' ? x : plusMs;
  const pass = result.median <= target.limit;
  const label = target.kind === 'ratio' ? `${PAGES[target.page]}: ${name} / the twin's` : `${PAGES[target.page]}: ${name} − the twin's`;
  const limit = target.kind === 'ratio' ? `≤ ${target.limit}×` : `≤ +${target.limit} ms`;
  print(`  ${label.padEnd(70)} ${show(result.median).padStart(9)} ${`${show(result.min)} – ${show(result.max)}`.padStart(20)}  ${limit}  ${verdict(pass)}`);
  return { ...target, ...result, pass };
});

print('\nLong tasks Lighthouse counts for TBT (top-level, over 50 ms, overlapping FCP–TTI; blocking = what each adds), top frames by self time in ms:');
for (const page of pages) {
  print(`${PAGES[page]}:`);
  for (const line of longTaskLines(runs[page])) print(line);
  const warnings = [...new Set(runs[page].flatMap((run) => run.warnings ?? []))];
  if (warnings.length) print(`  warnings: ${warnings.join(' | ')}`);
}
print(`\nLoad average at the end: ${loadNow()}`);
if (args.includes('--json')) console.log(JSON.stringify(results, null, 2));
