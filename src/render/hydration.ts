import { DEFER_HYDRATION_ATTRIBUTE, RENDERED_VERSION_ATTRIBUTE } from '../lib/constants.js';
import { preloadable } from '../lib/preload.js';

/** What counts as the visitor starting to use the story (a press, a key, focus moving in). */
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

const idleQueue = new Set<() => void>();
let idleScheduled = false;

function runIdleQueue() {
  idleScheduled = false;
  const batch = [...idleQueue];
  idleQueue.clear();
  batch.forEach((start) => start());
}

/**
 * Runs `callback` when the browser is next idle (or soon, where requestIdleCallback is missing), in
 * one idle callback with every other caller waiting then; returns a cancel. One queue for hydration,
 * the dialog's preload and the events chunk, so the first download carries one idle helper.
 */
export function whenIdle(callback: () => void): () => void {
  idleQueue.add(callback);
  if (!idleScheduled) {
    idleScheduled = true;
    if (typeof requestIdleCallback === 'function') requestIdleCallback(runIdleQueue, { timeout: 2_000 });
    else setTimeout(runIdleQueue, 200);
  }
  return () => idleQueue.delete(callback);
}

/**
 * Calls `start` once: when the browser is next idle after `ready` has settled (every instance waiting
 * then starts in the same idle callback; with `idle: false`, as soon as it has settled), or at the
 * visitor's first interaction inside `host`,
 * whichever comes first. The listener is on the host, in the capture phase: it runs before the event
 * reaches the shadow root, so the capture listeners hydrateRoot adds there still receive this very
 * event, hydrate at once and deliver it (React replays a discrete event only from its capture listener).
 * Returns a cancel.
 */
export function whenIdleOrInteraction(
  host: HTMLElement,
  start: () => void,
  ready: Promise<unknown> = Promise.resolve(),
  { idle = true }: { idle?: boolean } = {},
): () => void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    cancel();
    start();
  };
  const cancel = () => {
    idleQueue.delete(once);
    for (const type of INTERACTIONS) host.removeEventListener(type, once, true);
  };
  for (const type of INTERACTIONS) host.addEventListener(type, once, { capture: true, passive: true });
  void ready.then(() => {
    if (done) return;
    if (!idle) return once();
    whenIdle(once);
  });
  return () => {
    done = true;
    cancel();
  };
}

/**
 * Calls `start` once the host has no `defer-hydration` attribute: at once when it has none, else when
 * it is removed (the page decides when the element may hydrate). Returns a cancel.
 */
export function whenHydrationAllowed(host: HTMLElement, start: () => void): () => void {
  if (!host.hasAttribute(DEFER_HYDRATION_ATTRIBUTE)) {
    start();
    return () => {};
  }
  const observer = new MutationObserver(() => {
    if (host.hasAttribute(DEFER_HYDRATION_ATTRIBUTE)) return;
    observer.disconnect();
    start();
  });
  observer.observe(host, { attributes: true, attributeFilter: [DEFER_HYDRATION_ATTRIBUTE] });
  return () => observer.disconnect();
}

/** The package version that rendered the server markup in `root` (null when it does not say). */
export function renderedVersion(root: ShadowRoot): string | null {
  const marked = [...root.children].find((child) => child.hasAttribute(RENDERED_VERSION_ATTRIBUTE));
  return marked?.getAttribute(RENDERED_VERSION_ATTRIBUTE) ?? null;
}

/** The words are a chunk of their own (src/lib/developer-messages.ts), loaded only to say one. */
const loadMessages = preloadable((_retryQuery) => import('../lib/developer-messages.js'));
type Messages = typeof import('../lib/developer-messages.js');
type Message = { [K in keyof Messages]: Messages[K] extends (...args: never[]) => string ? K : never }[keyof Messages];

/**
 * Says the message `key` with `args` on the console (`warn`, or `error`; `details` after it) once
 * its words have arrived; nothing if they cannot.
 */
export function tell<K extends Message>(key: K, args: Parameters<Messages[K]>, level: 'warn' | 'error' = 'warn', ...details: unknown[]): void {
  loadMessages().then(
    (messages) => console[level]((messages[key] as (...given: unknown[]) => string)(...args), ...details),
    () => {},
  );
}

const warned = new Set<string>();

export function warnVersionMismatch(rendered: string | null): void {
  if (warned.has(`version:${rendered}`)) return;
  warned.add(`version:${rendered}`);
  tell('versionMismatch', [rendered]);
}

export function warnMarkupMismatch(rendered: string | null, error: unknown): void {
  if (warned.has(`markup:${rendered}`)) return;
  warned.add(`markup:${rendered}`);
  tell('markupMismatch', [rendered], 'warn', error);
}
