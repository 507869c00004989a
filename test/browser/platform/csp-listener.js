// Loaded first by the platform fixtures (a classic, external script: allowed by the strict CSP).
// Records what the parent test reads back: CSP violations and layout shifts, from the start.
window.__violations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.__violations.push({
    directive: event.violatedDirective,
    effective: event.effectiveDirective,
    blocked: event.blockedURI,
    sample: event.sample,
    source: `${event.sourceFile}:${event.lineNumber}`,
  });
});

window.__layoutShifts = [];
try {
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__layoutShifts.push({
        value: entry.value,
        hadRecentInput: entry.hadRecentInput,
        time: Math.round(entry.startTime),
        sources: (entry.sources ?? []).map((source) => ({
          node: source.node
            ? `${source.node.nodeName}${source.node.id ? `#${source.node.id}` : ''}${source.node.className ? `.${String(source.node.className).split(' ')[0]}` : ''}`
            : null,
          previous: [source.previousRect.y, source.previousRect.height],
          current: [source.currentRect.y, source.currentRect.height],
        })),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
} catch {
  window.__layoutShifts = null; // not supported by this browser
}
