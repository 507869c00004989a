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

const THRESHOLD = 50;
const file = (url) => (url ? url.replace(/^.*\//, '').replace(/\?.*$/, '') || url : '');

/** A short name for a trace event: what it ran, and where. */
function frameName(event) {
  const data = event.args?.data ?? event.args?.beginData ?? {};
  const url = file(data.url ?? data.fileName ?? event.args?.fileName ?? data.styleSheetUrl);
  switch (event.name) {
    case 'EvaluateScript':
    case 'v8.evaluateModule':
      return `evaluate ${url || '(inline)'}`;
    case 'v8.compile':
    case 'v8.compileModule':
    case 'V8.CompileCode':
    case 'v8.parseOnBackground':
      return `compile ${url || '(inline)'}`;
    case 'FunctionCall':
      return `call ${data.functionName || '(anonymous)'} ${url}${data.lineNumber !== undefined ? `:${data.lineNumber + 1}` : ''}`.trim();
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
export function longTasks(trace, lhr) {
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
        group: task.group.label,
        urls: task.attributableURLs.map(file),
        frames: topFrames(task),
      };
    });
}

/** Lines for a list of runs' long tasks. */
export function longTaskLines(runs) {
  const lines = [];
  runs.forEach((run, i) => {
    lines.push(`  run ${i + 1} (FCP ${Math.round(run.fcp)} ms, TTI ${Math.round(run.tti)} ms, TBT ${Math.round(run.tbt)} ms, load ${run.load.toFixed(2)}):`);
    if (!run.longTasks.length) lines.push('    no task over 50 ms');
    for (const task of run.longTasks) {
      const frames = task.frames.map((frame) => `${frame.name} ${Math.round(frame.selfTime)}`).join(', ');
      lines.push(
        `    at ${Math.round(task.start)} ms, ${Math.round(task.duration)} ms (${task.blocking ? `blocking ${Math.round(task.blocking)} ms` : 'not counted'}; ${task.group}; ${task.urls.join(' ') || 'no script'}): ${frames}`,
      );
    }
  });
  return lines;
}
