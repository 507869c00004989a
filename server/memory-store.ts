/**
 * A store in this process's memory, with the same semantics as the SQLite and PostgreSQL stores
 * (one "transaction" per accept, idempotency, outbox, attempts). Not durable and not shared between
 * processes: for tests, demos and trying the handler out. Production uses SQLite or PostgreSQL.
 */
import { rateDecision } from './rate-limit.js';
import type { AttemptRecord, Delivery, EventCount, ExportedLead, ForwardAdapter, LeadStore, StoredLead } from './types.js';

interface OutboxEntry {
  adapter: ForwardAdapter;
  url: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  createdAt: number;
  nextAttemptAt: number;
  leaseUntil: number | undefined;
}

export interface MemoryStore extends LeadStore {
  /** Every stored lead, oldest first (for tests). */
  readonly leads: StoredLead[];
}

export function createMemoryStore(): MemoryStore {
  const leads: StoredLead[] = [];
  const keys = new Map<string, { bodyHash: string; status: number; answer: string; createdAt: number; leadId: string }>();
  const outbox = new Map<string, OutboxEntry>();
  const attempts = new Map<string, Omit<AttemptRecord, 'next'>[]>();
  const spam = new Set<string>();
  const usedTokens = new Map<string, number>();
  /** Raw events (`type:id` → received at) and their counts, keyed by day, type, page and utm values. */
  const events = new Map<string, number>();
  const eventCounts = new Map<string, EventCount>();
  let lastFailure: { at: number; error: string } | undefined;
  const secrets = new Map<string, string>();
  /** Removes the leads `doomed` picks, with what is attached to them. */
  const erase = (doomed: (lead: StoredLead) => boolean): number => {
    const ids = new Set(leads.filter(doomed).map((lead) => lead.id));
    for (let i = leads.length - 1; i >= 0; i--) if (ids.has(leads[i]!.id)) leads.splice(i, 1);
    for (const id of ids) {
      outbox.delete(id);
      attempts.delete(id);
      spam.delete(id);
    }
    for (const [key, row] of keys) if (ids.has(row.leadId)) keys.delete(key);
    return ids.size;
  };
  let limiterModule: Promise<typeof import('rate-limiter-flexible')> | undefined;

  return {
    kind: 'memory',
    leads,
    async accept(request) {
      const { idempotency } = request;
      if (idempotency) {
        const row = keys.get(idempotency.key);
        if (row && row.createdAt >= idempotency.forgetBefore) {
          if (row.bodyHash !== idempotency.bodyHash) return { outcome: 'key_reused' };
          return { outcome: 'replayed', answer: { status: row.status, body: JSON.parse(row.answer) } };
        }
        keys.set(idempotency.key, {
          bodyHash: idempotency.bodyHash,
          status: request.answer.status,
          answer: JSON.stringify(request.answer.body),
          createdAt: request.now,
          leadId: request.lead.id,
        });
      }
      const replayedToken = request.tokenNonce !== undefined && usedTokens.has(request.tokenNonce);
      if (request.tokenNonce !== undefined && !replayedToken) usedTokens.set(request.tokenNonce, request.now);
      leads.push(request.lead);
      if (request.spam || replayedToken) spam.add(request.lead.id);
      if (replayedToken) return { outcome: 'stored', replayedToken };
      if (request.delivery) {
        outbox.set(request.lead.id, {
          ...request.delivery,
          status: 'pending',
          attempts: 0,
          createdAt: request.now,
          nextAttemptAt: request.now,
          leaseUntil: undefined,
        });
      }
      return { outcome: 'stored' };
    },
    async secret(name, create) {
      if (!secrets.has(name)) secrets.set(name, create());
      return secrets.get(name)!;
    },
    rateLimiter({ points, durationSeconds }) {
      limiterModule ??= import('rate-limiter-flexible');
      const limiter = limiterModule.then(({ RateLimiterMemory }) => new RateLimiterMemory({ points, duration: durationSeconds }));
      return { consume: (client) => rateDecision(() => limiter.then((l) => l.consume(client))) };
    },
    async claimDeliveries({ now, leaseMs, limit }) {
      const due: Delivery[] = [];
      const sorted = [...outbox].sort(([, a], [, b]) => a.nextAttemptAt - b.nextAttemptAt);
      for (const [id, entry] of sorted) {
        if (due.length >= limit) break;
        if (entry.status !== 'pending' || entry.nextAttemptAt > now) continue;
        if (entry.leaseUntil !== undefined && entry.leaseUntil > now) continue;
        entry.leaseUntil = now + leaseMs;
        entry.attempts += 1;
        const lead = leads.find((candidate) => candidate.id === id)!;
        due.push({ lead, adapter: entry.adapter, url: entry.url, attempt: entry.attempts, createdAt: entry.createdAt });
      }
      return due;
    },
    async recordAttempt(record) {
      const { next, ...attempt } = record;
      attempts.set(record.leadId, [...(attempts.get(record.leadId) ?? []).filter((a) => a.attempt !== record.attempt), attempt]);
      const entry = outbox.get(record.leadId);
      if (!entry) return;
      entry.status = next.status;
      entry.leaseUntil = undefined;
      if (next.status === 'pending') entry.nextAttemptAt = next.at;
      if (next.status === 'failed') lastFailure = { at: record.startedAt, error: record.error ?? '' };
    },
    async forgetKeys(before) {
      for (const [key, row] of keys) if (row.createdAt < before) keys.delete(key);
      for (const [nonce, usedAt] of usedTokens) if (usedAt < before) usedTokens.delete(nonce);
    },
    async stats() {
      const count = (status: OutboxEntry['status']) => [...outbox.values()].filter((entry) => entry.status === status).length;
      const notForwarded = leads.filter((lead) => !outbox.has(lead.id) && !spam.has(lead.id)).length;
      return { leads: leads.length, forwarded: count('delivered'), pending: count('pending'), failed: count('failed'), notForwarded, spam: spam.size };
    },
    async health() {
      return { ok: true } as const;
    },
    async *exportLeads({ includeSpam = false } = {}): AsyncGenerator<ExportedLead> {
      for (const lead of [...leads]) {
        if (spam.has(lead.id) && !includeSpam) continue;
        const entry = outbox.get(lead.id);
        yield { ...lead, forwardStatus: entry?.status ?? 'none', forwardAttempts: entry?.attempts ?? 0, spam: spam.has(lead.id) };
      }
    },
    async forget(email) {
      const wanted = email.trim().toLowerCase();
      return erase((lead) => lead.email.toLowerCase() === wanted);
    },
    async prune(before) {
      return erase((lead) => Date.parse(lead.receivedAt) < before);
    },
    async recordEvent(event, pruneBefore) {
      for (const [key, at] of events) if (at < pruneBefore) events.delete(key);
      const key = `${event.type}:${event.id}`;
      if (events.has(key)) return false;
      events.set(key, event.at);
      const countKey = JSON.stringify([event.day, event.type, event.pageUrl, event.utmSource, event.utmCampaign]);
      const row = eventCounts.get(countKey);
      if (row) row.count += 1;
      else
        eventCounts.set(countKey, {
          day: event.day,
          type: event.type,
          pageUrl: event.pageUrl,
          utmSource: event.utmSource,
          utmCampaign: event.utmCampaign,
          count: 1,
        });
      return true;
    },
    async eventCounts(sinceDay) {
      return [...eventCounts.values()].filter((row) => row.day >= sinceDay).map((row) => ({ ...row }));
    },
    async lastDeliveryError() {
      return lastFailure?.error;
    },
    async attempts(leadId) {
      return [...(attempts.get(leadId) ?? [])];
    },
    async close() {},
  };
}
