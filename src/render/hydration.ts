import { DEFER_HYDRATION_ATTRIBUTE, RENDERED_VERSION_ATTRIBUTE } from '../lib/constants.js';
import { preloadable } from '../lib/preload.js';

/** What counts as the visitor starting to use the story (a press, a key, focus moving in). A touch is a press (`pointerdown`) in every browser the element runs in. */
const INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

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
 * How near the viewport a server-rendered story must come before it hydrates at idle: within a
 * screen above or below it. A page of fifty stories hydrates the one or two a visitor can reach,
 * not fifty (each hydration a tree of React fibers and a commit: seconds of main-thread work at 4x
 * CPU, docs/performance.md); the others hydrate as they come near, or at once when used.
 */
const NEAR_VIEWPORT = '100% 0px';

/** Runs `callback` once `host` is within NEAR_VIEWPORT of the viewport (in the observer's first report when it already is). Returns a cancel. */
function whenNearViewport(host: Element, callback: () => void): () => void {
  const observer = new IntersectionObserver(
    // One target: its last record is where it is now.
    (entries) => {
      if (!entries.pop()!.isIntersecting) return;
      observer.disconnect();
      callback();
    },
    { rootMargin: NEAR_VIEWPORT },
  );
  observer.observe(host);
  return () => observer.disconnect();
}

/** Each server-rendered story waiting to hydrate, and what starts it. */
const waiting = new WeakMap<Element, () => void>();

/** A server-rendered story not hydrated yet hydrates now (the page called a method that needs its tree), unless the page defers it. */
export const hydrateNow = (host: Element): void => waiting.get(host)?.();

/**
 * Calls `start` once: when `ready` has settled, `host` is near the viewport and the browser is next
 * idle (every instance waiting then starts in the same idle callback; with `idle: false`, as soon as
 * it has settled, wherever the host is), or at the visitor's first interaction inside `host`, or at
 * hydrateNow(host), whichever comes first. The listener is on the host, in the capture phase: it
 * runs before the event reaches the shadow root, so the capture listeners hydrateRoot adds there
 * still receive this very event, hydrate at once and deliver it (React replays a discrete event
 * only from its capture listener). Returns a cancel.
 */
export function whenIdleOrInteraction(
  host: HTMLElement,
  start: () => void,
  ready: Promise<unknown> = Promise.resolve(),
  { idle = true }: { idle?: boolean } = {},
): () => void {
  let done = false;
  let stopNear = () => {};
  const once = () => {
    if (done) return;
    done = true;
    cancel();
    start();
  };
  const cancel = () => {
    idleQueue.delete(once);
    waiting.delete(host);
    stopNear();
    for (const type of INTERACTIONS) host.removeEventListener(type, once, true);
  };
  for (const type of INTERACTIONS) host.addEventListener(type, once, true);
  waiting.set(host, once);
  void ready.then(() => {
    if (done) return;
    if (!idle) return once();
    stopNear = whenNearViewport(host, () => whenIdle(once));
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
