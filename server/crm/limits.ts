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

/** What one daily limit counts: the CRM account a destination belongs to, and every listed address of it. */
type Account = { key: string; urls: string[] };

export function createLimits(settings: CrmSettings, now: () => number) {
  const limiters = new Map<string, SharedRateLimiter>();
  /** Per account with a daily limit: the decisions, one at a time, and the attempts sent but not yet recorded. */
  const turns = new Map<string, Promise<unknown>>();
  const sending = new Map<string, number>();
  const accounts = new Map<string, Account>();

  /** The account `url` counts in (by default the address alone), with the allowlist's other addresses of it. */
  function accountOf({ adapter, url }: Pick<Delivery, 'adapter' | 'url'>): Account {
    const known = accounts.get(`${adapter} ${url}`);
    if (known) return known;
    const name = ADAPTERS[adapter].limits?.account;
    const of = (address: string) => (name ? name(new URL(address), settings) : address);
    const key = `${adapter} ${of(url)}`;
    const listed = (settings.listed ?? []).filter((destination) => destination.adapter === adapter && `${adapter} ${of(destination.url)}` === key);
    const account = { key, urls: [...new Set([url, ...listed.map((destination) => destination.url)])] };
    accounts.set(`${adapter} ${url}`, account);
    return account;
  }

  async function daily(store: LeadStore, { key, urls }: Account, perDay: number): Promise<Hold | undefined> {
    const counted = await Promise.all(urls.map((url) => store.deliveredSince(url, now() - DAY_MS)));
    const count = counted.reduce((sum, each) => sum + each.count, 0);
    const oldest = Math.min(...counted.map((each) => each.oldest ?? Infinity));
    if (count + (sending.get(key) ?? 0) >= perDay)
      return { until: (Number.isFinite(oldest) ? oldest : now()) + DAY_MS, reason: `daily limit: ${perDay} leads a day` };
    sending.set(key, (sending.get(key) ?? 0) + 1);
    return undefined;
  }

  return {
    /** Undefined to send now (call `sent` once recorded), or until when to hold the lead and why. */
    async check(store: LeadStore, delivery: Delivery): Promise<Hold | undefined> {
      const { adapter, url } = delivery;
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
      const account = accountOf(delivery);
      const turn = (turns.get(account.key) ?? Promise.resolve()).then(() => daily(store, account, perDay));
      turns.set(
        account.key,
        turn.catch(() => {}),
      );
      return turn;
    },
    sent(delivery: Pick<Delivery, 'adapter' | 'url'>) {
      const { key } = accountOf(delivery);
      if (sending.has(key)) sending.set(key, sending.get(key)! - 1);
    },
  };
}
