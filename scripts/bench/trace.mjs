/**
 * The long tasks of a Lighthouse run, from its own trace (the `Trace` artifact), counted as
 * Lighthouse counts them for TBT: top-level main-thread tasks that overlap [FCP, TTI], clipped to
 * it, blocking for whatever is over 50 ms. Each comes with its top frames: the trace events inside
 * it with the most self time (script evaluation and compilation by file, function calls by name and
 * file, style recalculation, layout, HTML and stylesheet parsing…), through Lighthouse's own
 * main-thread task tree (lighthouse/core/lib/tracehouse).
 */
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decode } from '@jridgewell/sourcemap-codec';

const THRESHOLD = 50;
const file = (url) => (url ? url.replace(/^.*\//, '').replace(/\?.*$/, '') || url : '');

/** Source maps of the build, by file name, to name the minified functions a trace calls. */
const maps = new Map();
function sourceMap(dist, name) {
  if (!maps.has(name)) {
    const path = [join(dist, 'chunks', `${name}.map`), join(dist, `${name}.map`)].find(existsSync);
    const map = path ? JSON.parse(readFileSync(path, 'utf8')) : undefined;
    maps.set(name, map && { ...map, lines: decode(map.mappings) });
  }
  return maps.get(name);
}
const shortSource = (source) =>
  source.includes('node_modules/') ? source.replace(/^.*node_modules\/((?:@[^/]+\/)?[^/]+)\/.*?([^/]+)$/, '$1/$2') : source.replace(/^.*?\bsrc\//, 'src/');

/** The original name and place of a function a FunctionCall event ran (1-based line, and column of its parameter list). */
function originalFunction(dist, url, line, column, fallback) {
  const map = url?.endsWith('.js') ? sourceMap(dist, url) : undefined;
  const segments = map?.lines[line - 1];
  if (!segments) return fallback;
  let index = segments.findLastIndex((segment) => segment[0] <= column - 1);
  for (let back = 0; index >= 0 && back < 3 && segments[index].length < 5; back++) index--;
  const segment = segments[Math.max(0, index)];
  if (!segment || segment.length < 4) return fallback;
  const name = segment.length >= 5 ? map.names[segment[4]] : fallback;
  return `${name} (${shortSource(map.sources[segment[1]])}:${segment[2] + 1})`;
}

let DIST = '';

/** A short name for a trace event: what it ran, and where. */
function frameName(event) {
  const data = event.args?.data ?? event.args?.beginData ?? {};
  const url = file(data.url ?? data.fileName ?? event.args?.fileName ?? data.styleSheetUrl);
  switch (event.name) {
    case 'EvaluateScript':
      return `evaluate ${url || '(inline)'}`;
    case 'v8.evaluateModule':
      return 'evaluate module graph';
    case 'v8.compile':
    case 'v8.compileModule':
    case 'V8.CompileCode':
    case 'v8.parseOnBackground':
      return `compile ${url || '(inline)'}`;
    case 'FunctionCall':
      return `call ${originalFunction(DIST, url, data.lineNumber, data.columnNumber, `${data.functionName || '(anonymous)'} ${url}`)}`;
    case 'UpdateLayoutTree':
      return 'style recalculation';
    case 'ParseAuthorStyleSheet':
      return `parse stylesheet ${url || '(inline <style>)'}`;
    case 'ParseHTML':
      return 'parse HTML';
    case 'MajorGC':
    case 'MinorGC':
    case 'V8.GC_SCAVENGER':
      return 'garbage collection';
    case 'RunTask':
    case 'ThreadControllerImpl::RunTask':
      return '(task itself, no finer event)';
    default:
      return event.name;
  }
}

/** Self time by frame name over a task's subtree, largest first. */
function topFrames(task, count = 4) {
  const totals = new Map();
  const walk = (node) => {
    const name = frameName(node.event);
    totals.set(name, (totals.get(name) ?? 0) + node.selfTime);
    node.children.forEach(walk);
  };
  walk(task);
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, selfTime]) => ({ name, selfTime }));
}

/** Long tasks of one Lighthouse run: { start, duration, blocking, urls, frames }, ms from the time origin. */
export function longTasks(trace, lhr, dist) {
  DIST = dist;
  const processed = TraceProcessor.processTrace(trace);
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents,
    processed.frames,
    processed.timestamps.traceEnd,
    processed.timestamps.timeOrigin,
  );
  const fcp = lhr.audits['first-contentful-paint'].numericValue;
  const tti = lhr.audits.interactive?.numericValue ?? Infinity;
  return tasks
    .filter((task) => !task.parent && task.duration > THRESHOLD)
    .map((task) => {
      const clipped = Math.min(task.endTime, tti) - Math.max(task.startTime, fcp);
      return {
        start: task.startTime,
        duration: task.duration,
        blocking: task.endTime < fcp || task.startTime > tti || clipped < THRESHOLD ? 0 : clipped - THRESHOLD,
        urls: task.attributableURLs.map(file),
        frames: topFrames(task),
      };
    });
}

/**
 * The font lookups of one Lighthouse run (its trace recorded with the `fonts` category): on Linux
 * each new size × weight of a family is a synchronous request to the browser process for its
 * render style, and each new weight one for the family's face (docs/performance.md, "The type
 * scale"). Counted on the page's main thread, with the time of the outermost
 * FontCache::GetFontPlatformData calls.
 */
export function fontLookups(trace) {
  const { mainThreadEvents } = TraceProcessor.processTrace(trace);
  const complete = mainThreadEvents.filter((event) => event.ph === 'X');
  const named = (name) => complete.filter((event) => event.name === name);
  const lookups = named('FontCache::GetFontPlatformData').sort((a, b) => a.ts - b.ts);
  let end = -Infinity;
  let ms = 0;
  for (const event of lookups) {
    if (event.ts < end) continue; // inside an outer lookup
    end = event.ts + event.dur;
    ms += event.dur / 1000;
  }
  return {
    strikes: named('WebSandboxSupportLinux::GetWebFontRenderStyleForStrike').length,
    families: named('FontDataManager::onMatchFamilyStyle').length,
    ms,
  };
}

/** Lines for a list of runs' long tasks: those Lighthouse counts, and how many it does not (before FCP). */
export function longTaskLines(runs) {
  const lines = [];
  runs.forEach((run, i) => {
    const counted = run.longTasks.filter((task) => task.blocking > 0);
    const before = run.longTasks.length - counted.length;
    lines.push(
      `  run ${i + 1} (FCP ${Math.round(run.fcp)} ms, TTI ${Math.round(run.tti)} ms, TBT ${Math.round(run.tbt)} ms, load ${run.load.toFixed(2)}): ` +
        `${counted.length} counted${before ? `, ${before} more over 50 ms not counted (before FCP or under 50 ms once clipped)` : ''}` +
        `; ${run.lcp === run.fcp ? 'the first paint held the LCP element' : 'the LCP element painted after FCP'}` +
        (run.fonts ? `; font lookups: ${run.fonts.strikes} render styles, ${run.fonts.families} faces, ${Math.round(run.fonts.ms)} ms` : ''),
    );
    for (const task of counted) {
      const frames = task.frames.map((frame) => `${frame.name} ${Math.round(frame.selfTime)}`).join(', ');
      lines.push(
        `    at ${Math.round(task.start)} ms, ${Math.round(task.duration)} ms, blocking ${Math.round(task.blocking)} ms (${task.urls.join(' ') || 'no script'}): ${frames}`,
      );
    }
  });
  return lines;
}
