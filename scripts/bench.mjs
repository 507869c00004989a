#!/usr/bin/env node
/**
 * `npm run bench` (not part of `npm test`; run `npm run build` first): what the element costs over
 * the same page with the story as plain HTML (issue 42), in Debian's Chromium (never a download).
 *
 *  1. The demo host site is started and each page fetched as it serves it; each gets its plain twin
 *     (./bench/twin.mjs) and both are served side by side (./bench/site.mjs): the demo story page
 *     (server-rendered) and its twin; the client-only page, whose twin is the story page's, and the
 *     floor under it (the twin shown by a one-line module script: one request and nothing else); fifty
 *     server-rendered elements on the story page and fifty plain stories.
 *  2. Each twin is checked to render pixel for pixel as its element page (./bench/twin-check.mjs).
 *  3. Lighthouse 12, mobile, devtools throttling (./bench/lighthouse.mjs), on the five pages in
 *     interleaved rounds, each round in a newly shuffled order, a fresh Chromium per run.
 *  4. Each target: the median of the per-round ratios or differences (page against its twin in the
 *     same round) with their min–max and the median's bootstrap 95 % interval, PASS or FAIL (not
 *     judged when the interval spans the target); the medians of every page; the long tasks
 *     Lighthouse counts for TBT in every run with their top frames (./bench/trace.mjs).
 *
 * The load average is printed beside every result: the machine is shared, so compare figures
 * within one run only. Options: --rounds N (7), --pages story,client,fifty (the comparisons to
 * run, all three by default), --compare <dir> (another built checkout, say the commit before a
 * cut: its pages join the same rounds, and each target is printed for both builds), --json.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cpus, loadavg } from 'node:os';
import puppeteer from 'puppeteer-core';
import { chromiumPath } from './chromium.mjs';
import { FIFTY, startBenchSite } from './bench/site.mjs';
import { checkTwins } from './bench/twin-check.mjs';
import { lighthouseRun } from './bench/lighthouse.mjs';
import { longTaskLines } from './bench/trace.mjs';
import { ms, paired, plusMs, spread, verdict, x } from './bench/stats.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(`--${name}`) ? args[args.indexOf(`--${name}`) + 1] : fallback);
const ROUNDS = Number(option('rounds', 7));
const COMPARISONS = option('pages', 'story,client,fifty').split(',');
const compared = option('compare');
const BUILDS = [
  { name: 'this build', root: join(dirname(fileURLToPath(import.meta.url)), '..') },
  ...(compared ? [{ name: `compared (${compared})`, root: resolve(compared) }] : []),
];

for (const { root } of BUILDS) {
  if (!existsSync(join(root, 'dist', 'redcliffe-case-study.js'))) {
    console.error(`${join(root, 'dist', 'redcliffe-case-study.js')} is missing: run \`npm run build\` there first.`);
    process.exit(1);
  }
}

const PAGES = {
  story: 'the demo story page, server-rendered',
  storyTwin: 'its plain twin',
  client: 'the client-only demo page',
  clientFloor: 'the floor: its twin shown by a one-line script',
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
  // Not the element: what any page whose first screen waits for one script request gets (site.mjs, floorPage).
  { comparison: 'client', page: 'clientFloor', twin: 'storyTwin', metric: 'lcp', kind: 'ratio', limit: 1.5 },
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
const sites = [];
const results = { builds: BUILDS.map((build) => ({ ...build, runs: Object.fromEntries(pages.map((page) => [page, []])) })) };
try {
  const loadBefore = loadNow();
  for (const build of results.builds) {
    const site = await startBenchSite(build.root);
    sites.push(site);
    build.sizes = site.sizes;
    progress(`${build.name}: checking that each twin renders as its element page…`);
    const check = await checkTwins(puppeteer, site.urls, CHECKS);
    results.browser = check.version;
    build.check = check.results;
    if (check.results.some((result) => result.pixels)) {
      build.check.forEach(({ page, twin, width, pixels }) => print(`${build.name}: ${PAGES[twin]} / ${PAGES[page]}, ${width} px: ${pixels} px differ`));
      throw new Error('A twin does not render as its element page: its ratios would compare different pages. Fix scripts/bench/twin.mjs first.');
    }
  }
  print(`Lighthouse 12, mobile preset, throttlingMethod devtools, a fresh ${results.browser} (${chromiumPath}) per run, ${cpus().length} CPUs.`);
  print(`Load average (1, 5, 15 min) before: ${loadBefore}.`);
  for (const build of results.builds) {
    print(`\nEach twin against its element page (${build.name}), screenshots after load: pixels that differ; page heights.`);
    for (const { page, twin, width, pixels, heights } of build.check) {
      print(`  ${`${PAGES[twin]} / ${PAGES[page]}, ${width} px wide`.padEnd(78)} ${String(pixels).padStart(7)} px  ${heights.join(' / ')} px  same`);
    }
  }

  const runs = results.builds.flatMap((build, b) => pages.map((page) => ({ build, page, url: sites[b].urls[page] })));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const { build, page, url } of shuffled(runs)) {
      progress(`round ${round}/${ROUNDS}: ${BUILDS.length > 1 ? `${build.name}, ` : ''}${page} (load ${load1()})`);
      build.runs[page].push(await lighthouseRun(url, join(build.root, 'dist')));
    }
  }
} finally {
  for (const site of sites) await site.close();
}

const allLoads = results.builds.flatMap((build) => pages.flatMap((page) => build.runs[page].map((run) => run.load)));
const loads = spread(allLoads);
print(
  `\n${ROUNDS} interleaved rounds of ${pages.length * BUILDS.length} pages, each round in a newly shuffled order. 1-minute load before each run: ` +
    `median ${loads.median.toFixed(2)}, ${loads.min.toFixed(2)}–${loads.max.toFixed(2)}; load average after: ${loadNow()}.`,
);

/** Each target's result for one build: { value, its text, min–max, interval, pass, judged }. */
function judge(build, target) {
  const values = (page) => build.runs[page].map((run) => run[target.metric]);
  if (target.kind === 'every run') {
    const { min, max } = spread(values(target.page));
    return { value: max, shown: max.toFixed(3), range: `${min.toFixed(3)}–${max.toFixed(3)}`, pass: max <= target.limit };
  }
  const result = paired(values(target.page), values(target.twin), target.kind);
  const show = target.kind === 'ratio' ? x : plusMs;
  return {
    ...result,
    value: result.median,
    shown: show(result.median),
    range: `${show(result.min)} – ${show(result.max)}`,
    within: `${show(result.interval.low)} – ${show(result.interval.high)}`,
    pass: result.median <= target.limit,
    judged: result.interval.high <= target.limit || result.interval.low > target.limit,
  };
}
const targetLabel = (target) => {
  const name = target.metric.toUpperCase();
  if (target.kind === 'every run') return `${PAGES[target.page]}: ${name} in every run`;
  return `${PAGES[target.page]}: ${name} ${target.kind === 'ratio' ? '/' : '−'} the twin's`;
};
const limitText = (target) => (target.kind === 'ratio' ? `≤ ${target.limit}×` : target.kind === 'difference' ? `≤ +${target.limit} ms` : `${target.limit}`);

for (const build of results.builds) {
  const values = (page, metric) => build.runs[page].map((run) => run[metric]);
  print(
    `\n${build.name}: page, median (min–max)`.padEnd(55) +
      ` ${'score'.padStart(6)} ${'FCP'.padStart(22)} ${'LCP'.padStart(22)} ${'TBT'.padStart(22)} ${'CLS'.padStart(6)}  gzip`,
  );
  for (const page of pages) {
    const cell = (metric) => {
      const { median, min, max } = spread(values(page, metric));
      return `${ms(median)} (${Math.round(min)}–${Math.round(max)})`.padStart(22);
    };
    print(
      `  ${PAGES[page].padEnd(52)} ${String(spread(values(page, 'score')).median).padStart(6)} ${cell('fcp')} ${cell('lcp')} ${cell('tbt')} ` +
        `${spread(values(page, 'cls')).max.toFixed(3).padStart(6)}  ${(build.sizes[page].gzip / 1000).toFixed(1)} kB`,
    );
  }
  print(
    `\n  ${`${build.name}: target, median of the per-round values`.padEnd(70)} ${'value'.padStart(9)} ${'min–max'.padStart(20)} ${'95 % interval'.padStart(20)}  target`,
  );
  build.targets = TARGETS.map((target) => {
    const result = judge(build, target);
    const judged = result.judged === false ? ' (not judged: the interval spans the target)' : '';
    print(
      `  ${targetLabel(target).padEnd(70)} ${result.shown.padStart(9)} ${result.range.padStart(20)} ${(result.within ?? '').padStart(20)}  ${limitText(target)}  ${verdict(result.pass)}${judged}`,
    );
    return { ...target, ...result };
  });
}

if (results.builds.length > 1) {
  const [now, before] = results.builds;
  print(`\nEach target, ${before.name} → ${now.name} (same rounds):`);
  TARGETS.forEach((target, i) => {
    const [b, a] = [before.targets[i], now.targets[i]];
    print(
      `  ${targetLabel(target).padEnd(70)} ${`${b.shown} (${b.range})`.padStart(30)} → ${`${a.shown} (${a.range})`.padStart(30)}  ${verdict(b.pass)} → ${verdict(a.pass)}`,
    );
  });
}

print('\nLong tasks Lighthouse counts for TBT (top-level, over 50 ms, overlapping FCP–TTI; blocking = what each adds), top frames by self time in ms:');
for (const build of results.builds) {
  for (const page of pages) {
    print(`${BUILDS.length > 1 ? `${build.name}, ` : ''}${PAGES[page]}:`);
    for (const line of longTaskLines(build.runs[page])) print(line);
    const warnings = [...new Set(build.runs[page].flatMap((run) => run.warnings ?? []))];
    if (warnings.length) print(`  warnings: ${warnings.join(' | ')}`);
  }
}
print(`\nLoad average at the end: ${loadNow()}`);
if (args.includes('--json')) console.log(JSON.stringify(results, null, 2));
