/**
 * One Lighthouse 12 run: mobile preset, `throttlingMethod: 'devtools'` (4x CPU and slow 4G applied
 * in the browser, so the trace is what happened, not a simulation), in Debian's Chromium started
 * fresh for the run. It keeps the score, FCP, LCP, TBT, CLS and TTI, the 1-minute load average
 * before it, its long tasks from its own trace (./trace.mjs, functions named through `dist`'s
 * source maps) and its font lookups.
 */
import { loadavg } from 'node:os';
import { chromiumArgs, chromiumPath } from '../chromium.mjs';
import { fontLookups, longTasks } from './trace.mjs';

export const METRICS = {
  score: (lhr) => Math.round(lhr.categories.performance.score * 100),
  fcp: (lhr) => lhr.audits['first-contentful-paint'].numericValue,
  lcp: (lhr) => lhr.audits['largest-contentful-paint'].numericValue,
  tbt: (lhr) => lhr.audits['total-blocking-time'].numericValue,
  cls: (lhr) => lhr.audits['cumulative-layout-shift'].numericValue,
  tti: (lhr) => lhr.audits.interactive?.numericValue,
};

export async function lighthouseRun(url, dist) {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const load = loadavg()[0];
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath, chromeFlags: ['--headless=new', ...chromiumArgs], logLevel: 'silent' });
  try {
    const { lhr, artifacts } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      throttlingMethod: 'devtools',
      // These two read the build's source maps, fail on them (a stack on stderr for every run) and
      // weigh nothing in the score.
      skipAudits: ['script-treemap-data', 'unused-javascript'],
      // The font lookups of the first layouts (./trace.mjs, fontLookups).
      additionalTraceCategories: 'fonts',
    });
    const run = Object.fromEntries(Object.entries(METRICS).map(([name, read]) => [name, read(lhr)]));
    return { ...run, load, longTasks: longTasks(artifacts.Trace, lhr, dist), fonts: fontLookups(artifacts.Trace), warnings: lhr.runWarnings };
  } finally {
    await chrome.kill();
  }
}
