/**
 * A signal that aborts when any of `signals` does, with that signal's reason:
 * `AbortSignal.any` where the browser has it (Chrome 116, Firefox 124, Safari 17.4), else the
 * same by hand, so the download also works in the older browsers the story supports.
 */
export function anySignal(signals: AbortSignal[]): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals);
  const controller = new AbortController();
  const already = signals.find((signal) => signal.aborted);
  if (already) {
    controller.abort(already.reason);
    return controller.signal;
  }
  const abort = (event: Event) => {
    controller.abort((event.target as AbortSignal).reason);
    for (const signal of signals) signal.removeEventListener('abort', abort);
  };
  for (const signal of signals) signal.addEventListener('abort', abort);
  return controller.signal;
}
