/**
 * The limits a CRM sets, kept before each attempt: Web-to-Lead's leads a day (counted in the store,
 * so every instance counts the same), Marketo's calls per 20 s (the store's rate limiter); its calls
 * at once are the loop's slots per host. A lead past a limit is held in the outbox, pending with the
 * reason, until the CRM takes it again: never failed, never dropped.
 */
import type { Delivery, LeadStore, SharedRateLimiter } from '../types.js';
import type { CrmSettings } from './adapter.js';
import { ADAPTERS } from './destinations.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export type Hold = { until: number; reason: string };

export function createLimits(settings: CrmSettings, now: () => number) {
  const limiters = new Map<string, SharedRateLimiter>();
  /** Per destination with a daily limit: the decisions, one at a time, and the attempts sent but not yet recorded. */
  const turns = new Map<string, Promise<unknown>>();
  const sending = new Map<string, number>();

  async function daily(store: LeadStore, url: string, perDay: number): Promise<Hold | undefined> {
    const { count, oldest } = await store.deliveredSince(url, now() - DAY_MS);
    if (count + (sending.get(url) ?? 0) >= perDay) return { until: (oldest ?? now()) + DAY_MS, reason: `daily limit: ${perDay} leads a day` };
    sending.set(url, (sending.get(url) ?? 0) + 1);
    return undefined;
  }

  return {
    /** Undefined to send now (call `sent` once recorded), or until when to hold the lead and why. */
    async check(store: LeadStore, { adapter, url }: Delivery): Promise<Hold | undefined> {
      const limits = ADAPTERS[adapter].limits;
      if (limits?.calls) {
        const { points, seconds } = limits.calls;
        const key = `${points}/${seconds}`;
        if (!limiters.has(key)) limiters.set(key, store.rateLimiter({ points, durationSeconds: seconds }));
        const decision = await limiters.get(key)!.consume(`${adapter}:${new URL(url).host}`);
        if (!decision.ok) return { until: now() + decision.retryAfterSeconds * 1000, reason: `rate limit: ${points} calls per ${seconds} s` };
      }
      const perDay = limits?.perDay?.(settings);
      if (perDay === undefined) return undefined;
      const turn = (turns.get(url) ?? Promise.resolve()).then(() => daily(store, url, perDay));
      turns.set(
        url,
        turn.catch(() => {}),
      );
      return turn;
    },
    sent(url: string) {
      if (sending.has(url)) sending.set(url, sending.get(url)! - 1);
    },
  };
}
