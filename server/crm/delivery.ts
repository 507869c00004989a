/**
 * The delivery loop: sends outbox entries with exponential back-off, recording every attempt in
 * the store, never on a visitor's time. Its defaults are here, beside the back-off they feed.
 */
import { errorName, withTimeout } from '../errors.js';
import type { Delivery, LeadStore, Logger } from '../types.js';
import type { CrmSettings } from './adapter.js';
import { ADAPTERS } from './destinations.js';
import { createLimits } from './limits.js';
import { sendLead } from './send.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `delivery` options' defaults (docs/server.md, Forwarding). */
export const DELIVERY_DEFAULTS = {
  timeoutMs: 10_000,
  initialDelayMs: 30_000,
  maxDelayMs: 60 * 60 * 1000,
  giveUpAfterMs: 3 * DAY_MS,
  pollMs: 5000,
  concurrency: 8,
};

/** `concurrency` is per CRM host, so a hung CRM holds only its own leads. */
type DeliveryLoopOptions = typeof DELIVERY_DEFAULTS & {
  getStore: () => Promise<LeadStore>;
  fetch: typeof fetch;
  storeTimeoutMs: number;
  settings: CrmSettings;
  now: () => number;
  logger: Logger;
};

/** Wait before attempt `attempt + 1`: initial × 2^(attempt-1), capped, with ±20 % jitter so instances spread out. */
export function deliveryRetryDelay(attempt: number, initialMs: number, maxMs: number, random = Math.random): number {
  const base = Math.min(initialMs * 2 ** Math.max(0, attempt - 1), maxMs);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** Slots in all: this many hosts' `concurrency`. */
const HOSTS_AT_ONCE = 4;
/** Time kept between the end of an attempt and the end of its lease, for recording it. */
const LEASE_MARGIN_MS = 2_000;

export function createDeliveryLoop(options: DeliveryLoopOptions) {
  const { logger, now } = options;
  // Long enough for one attempt (a token, the send, once more with a new token), short enough that a crashed worker's entries come back soon.
  const leaseMs = options.timeoutMs * 4 + 5_000;
  const limits = createLimits(options.settings, now);
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let warnedStore = false;
  /** Wakes a pass that waits on running attempts: a new lead (runOnce) may be sent beside them. */
  let wake: (() => void) | undefined;
  const woken = () => new Promise<void>((resolve) => (wake = resolve));

  const bounded = <T>(promise: Promise<T>, what: string) => withTimeout(promise, options.storeTimeoutMs, what);

  async function attempt(store: LeadStore, delivery: Delivery): Promise<void> {
    const target = hostOf(delivery.url);
    const id = delivery.lead.id;
    try {
      // Not bounded: a daily limit counts this attempt as sent once it decides, and the stores bound their own queries.
      const hold = await limits.check(store, delivery);
      if (hold) {
        await bounded(store.hold(id, hold.until, hold.reason), 'holding a delivery');
        logger.info(`lead held: ${target} ${hold.reason}; next attempt at ${new Date(hold.until).toISOString()}`, { id, host: target });
        return;
      }
    } catch (error) {
      // The lease runs out and the entry is claimed again.
      logger.error('delivery not held', { id, error: errorName(error) });
      return;
    }
    const startedAt = now();
    const result = await sendLead(delivery, options);
    const finishedAt = now();
    let next: { status: 'pending'; at: number } | { status: 'delivered' } | { status: 'failed' };
    if (result.delivered) {
      next = { status: 'delivered' };
      logger.info('lead forwarded', { id, attempt: delivery.attempt, status: result.httpStatus, host: target });
    } else {
      // createdAt has been moved on by any time the lead was held by a limit (store.hold): that time never counts.
      const deadline = delivery.createdAt + options.giveUpAfterMs;
      if (result.permanent || finishedAt >= deadline) next = { status: 'failed' };
      else {
        // A CRM's Retry-After is honoured, up to the longest back-off.
        const asked = Math.min(result.retryAfterMs ?? 0, options.maxDelayMs);
        const wait = Math.max(deliveryRetryDelay(delivery.attempt, options.initialDelayMs, options.maxDelayMs), asked);
        next = { status: 'pending', at: Math.min(finishedAt + wait, deadline) };
      }
      const when = next.status === 'pending' ? `next attempt at ${new Date(next.at).toISOString()}` : 'no further attempt';
      const reason = result.logged ?? result.reason;
      const meta = { id, attempt: delivery.attempt, forwarded: false, reason, host: target, next: next.status };
      const words = `lead not forwarded: ${target} answered ${reason}; ${when}`;
      if (next.status === 'failed') logger.error(`${words} (giving up)`, meta);
      else logger.warn(words, meta);
    }
    try {
      await bounded(
        store.recordAttempt({
          leadId: id,
          attempt: delivery.attempt,
          startedAt,
          durationMs: Math.max(0, finishedAt - startedAt),
          outcome: result.delivered ? 'delivered' : 'failed',
          ...(result.httpStatus === undefined ? {} : { httpStatus: result.httpStatus }),
          ...(result.delivered ? {} : { error: result.reason }),
          next,
        }),
        'recording a delivery attempt',
      );
    } catch (error) {
      // The lease runs out and the entry is tried again: at-least-once, never lost.
      logger.error('delivery attempt not recorded', { id, error: errorName(error) });
    } finally {
      limits.sent(delivery);
    }
  }

  /**
   * Up to `concurrency` attempts per host, the next entry claimed as one ends. A host whose slots
   * are taken (a CRM that hangs) gets its entries queued here, never taking a healthy host's slots;
   * a queued entry whose lease would run out first is left to the next pass, which claims it again.
   */
  async function pass(): Promise<void> {
    const store = await options.getStore();
    const active = new Set<Promise<void>>();
    const perHost = new Map<string, number>();
    const waiting: { delivery: Delivery; claimedAt: number; host: string }[] = [];
    const total = options.concurrency * HOSTS_AT_ONCE;
    const start = (delivery: Delivery, host: string) => {
      perHost.set(host, (perHost.get(host) ?? 0) + 1);
      const running: Promise<void> = attempt(store, delivery).finally(() => {
        active.delete(running);
        perHost.set(host, perHost.get(host)! - 1);
      });
      active.add(running);
    };
    const startWaiting = () => {
      for (let i = 0; i < waiting.length;) {
        const { delivery, claimedAt, host } = waiting[i]!;
        if (now() - claimedAt > leaseMs - options.timeoutMs - LEASE_MARGIN_MS) waiting.splice(i, 1);
        else if ((perHost.get(host) ?? 0) < Math.min(options.concurrency, ADAPTERS[delivery.adapter].limits?.atOnce ?? Infinity)) {
          waiting.splice(i, 1);
          start(delivery, host);
        } else i++;
      }
    };
    try {
      while (!stopped) {
        startWaiting();
        const room = total - active.size - waiting.length;
        const claimedAt = now();
        const batch = room > 0 ? await bounded(store.claimDeliveries({ now: claimedAt, leaseMs, limit: room }), 'claiming deliveries') : [];
        for (const delivery of batch) waiting.push({ delivery, claimedAt, host: hostOf(delivery.url) });
        startWaiting();
        if (active.size === 0) return;
        if (batch.length === 0 || active.size + waiting.length >= total) await Promise.race([...active, woken()]);
      }
    } finally {
      await Promise.all(active);
    }
  }

  /** A pass now, or once more after the running one. Never rejects. */
  function runOnce(): Promise<void> {
    if (running) {
      again = true;
      wake?.();
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await pass();
          warnedStore = false;
        } catch (error) {
          // The store is down or slow: the next poll tries again; entries stay in the outbox.
          if (!warnedStore) logger.error('delivery loop: store unavailable', { error: errorName(error) });
          warnedStore = true;
          return;
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  return {
    runOnce,
    start() {
      if (timer || stopped) return;
      timer = setInterval(() => void runOnce(), options.pollMs);
      (timer as { unref?: () => void }).unref?.();
      void runOnce();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

/** The host a lead is forwarded to, for logs (never the path or query, which may carry a form id). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '(invalid URL)';
  }
}
