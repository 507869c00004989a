/**
 * The long-task part of `npm run bench`: what the server-rendered page costs the main thread after
 * its first paint (the entry's evaluation, hydration, the lazy chunks), at 4x CPU, in cold loads.
 *
 * Measured with the Long Tasks API inside the page, not a performance trace: recording a trace
 * with V8's categories makes V8 collect source positions, re-parsing the whole core chunk inside
 * the task that evaluates it, which lengthens exactly the task being measured.
 * TBT is counted as Lighthouse does: the part over 50 ms of every task that starts after the first
 * contentful paint.
 */

const LONG_TASK_MS = 50;
/** After hydration, how long to keep listening (the lazy chunks' evaluation, React's passive effects). */
const SETTLE_MS = 1500;

/** Installed before any page script: records long tasks and the first contentful paint. */
function probe() {
  const record = (window.__longTasks = { tasks: [], fcp: null });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') record.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
}

/** One cold load of `url` (a page whose first element is server-rendered): its tasks after the first paint. */
async function loadOnce(browser, url, cpu) {
  const context = await browser.createBrowserContext();
  try {
    const tab = await context.newPage();
    await tab.setViewport({ width: 1280, height: 800 });
    await tab.emulateCPUThrottling(cpu);
    await tab.evaluateOnNewDocument(probe);
    await tab.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // Hydrated: the shadow root adopts the shared stylesheet in place of the server's link.
    await tab.waitForFunction(() => document.querySelector('redcliffe-case-study')?.shadowRoot?.adoptedStyleSheets.length > 0, {
      timeout: 60_000,
      polling: 50,
    });
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const { tasks, fcp } = await tab.evaluate(() => window.__longTasks);
    return tasks.filter((task) => fcp !== null && task.start >= fcp).map((task) => task.duration);
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * Medians and ranges over `runs` cold loads of `url` at `cpu`x throttling: the longest task after the
 * first paint and the total blocking time.
 */
export async function measureLongTasks(browser, url, { runs, cpu = 4, onRun = () => {} }) {
  const longest = [];
  const blocking = [];
  for (let run = 0; run < runs; run++) {
    const durations = await loadOnce(browser, url, cpu);
    longest.push(Math.max(0, ...durations));
    blocking.push(durations.reduce((sum, duration) => sum + Math.max(0, duration - LONG_TASK_MS), 0));
    onRun(run);
  }
  const range = (values) => [Math.min(...values), Math.max(...values)];
  return { cpu, runs, longest: median(longest), longestRange: range(longest), tbt: median(blocking), tbtRange: range(blocking) };
}

/** The lines `npm run bench` prints for a measureLongTasks result. */
export function longTaskReport(result, label) {
  const ms = (value) => `${Math.round(value)} ms`;
  const verdict = (ok) => (ok ? 'ok' : 'MISS');
  return [
    `\nLong tasks after the first paint, ${label}, ${result.cpu}x CPU, median of ${result.runs} cold loads (Long Tasks API):`,
    `  longest task ${ms(result.longest)} (target ≤ ${LONG_TASK_MS} ms, ${verdict(result.longest <= LONG_TASK_MS)}; runs ${ms(result.longestRange[0])}–${ms(result.longestRange[1])})` +
      `   TBT ${ms(result.tbt)} (target ≤ ${LONG_TASK_MS} ms, ${verdict(result.tbt <= LONG_TASK_MS)}; runs ${ms(result.tbtRange[0])}–${ms(result.tbtRange[1])})`,
  ];
}
