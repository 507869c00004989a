/** A store in this process's memory with the SQL stores' semantics, neither durable nor shared: for tests and demos. */
import type { AttemptRecord, DailyCount, Delivery, DestinationHealth, ExportedLead, LeadStore, StoredLead } from '../types.js';
import { memoryLimiter } from './rate-limit.js';
import { COUNT_KEYS_PER_DAY } from './sql.js';

interface OutboxEntry extends Pick<Delivery, 'adapter' | 'url'> {
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  createdAt: number;
  nextAttemptAt: number;
  leaseUntil: number | undefined;
  held?: string | undefined;
  lastError?: string | undefined;
  finishedAt?: number;
}

export interface MemoryStore extends LeadStore {
  /** Oldest first. */
  readonly leads: StoredLead[];
}

export function createMemoryStore(): MemoryStore {
  const leads: StoredLead[] = [];
  const keys = new Map<string, { bodyHash: string; status: number; answer: string; createdAt: number; leadId: string }>();
  const outbox = new Map<string, OutboxEntry>();
  const attempts = new Map<string, Omit<AttemptRecord, 'next'>[]>();
  const spam = new Set<string>();
  const usedTokens = new Map<string, number>();
  /** `type:id` → received at. */
  const events = new Map<string, number>();
  const counts = new Map<string, DailyCount>();
  const secrets = new Map<string, string>();

  const count = (row: Omit<DailyCount, 'count'>, by: number) => {
    const key = JSON.stringify([row.day, row.type, row.story, row.utmSource, row.utmCampaign]);
    const entry = counts.get(key) ?? { ...row, count: 0 };
    entry.count += by;
    if (entry.count > 0) counts.set(key, entry);
    else counts.delete(key);
  };
  const countLead = (lead: StoredLead, type: DailyCount['type'], by = 1) =>
    count({ day: lead.receivedAt.slice(0, 10), type, story: lead.story, utmSource: lead.utmSource, utmCampaign: lead.utmCampaign }, by);
  const erase = (doomed: (lead: StoredLead) => boolean): number => {
    const gone = leads.filter(doomed);
    const ids = new Set(gone.map((lead) => lead.id));
    for (const lead of gone) {
      countLead(lead, spam.has(lead.id) ? 'spam' : 'lead', -1);
      const entry = outbox.get(lead.id);
      if (entry) countLead(lead, entry.status, -1);
      outbox.delete(lead.id);
      attempts.delete(lead.id);
      spam.delete(lead.id);
    }
    for (let i = leads.length - 1; i >= 0; i--) if (ids.has(leads[i]!.id)) leads.splice(i, 1);
    for (const [key, row] of keys) if (ids.has(row.leadId)) keys.delete(key);
    return ids.size;
  };

  return {
    kind: 'memory',
    leads,
    async accept(request) {
      const { idempotency, lead } = request;
      if (idempotency) {
        const row = keys.get(idempotency.key);
        if (row && row.createdAt >= idempotency.forgetBefore) {
          if (row.bodyHash !== idempotency.bodyHash) return { outcome: 'key_reused' };
          return { outcome: 'replayed', answer: { status: row.status, body: JSON.parse(row.answer) } };
        }
        const answer = JSON.stringify(request.answer.body);
        keys.set(idempotency.key, { bodyHash: idempotency.bodyHash, status: request.answer.status, answer, createdAt: request.now, leadId: lead.id });
      }
      const replayedToken = request.tokenNonce !== undefined && usedTokens.has(request.tokenNonce);
      if (request.tokenNonce !== undefined && !replayedToken) usedTokens.set(request.tokenNonce, request.now);
      leads.push(lead);
      if (request.spam || replayedToken) spam.add(lead.id);
      countLead(lead, spam.has(lead.id) ? 'spam' : 'lead');
      if (replayedToken) return { outcome: 'stored', replayedToken };
      if (request.delivery) {
        const now = request.now;
        outbox.set(lead.id, { ...request.delivery, status: 'pending', attempts: 0, createdAt: now, nextAttemptAt: now, leaseUntil: undefined });
        countLead(lead, 'pending');
      }
      return { outcome: 'stored' };
    },
    secret: async (name, create) => secrets.get(name) ?? secrets.set(name, create()).get(name)!,
    rateLimiter: memoryLimiter,
    async claimDeliveries({ now, leaseMs, limit }) {
      const due = [...outbox].filter(([, entry]) => entry.status === 'pending' && entry.nextAttemptAt <= now && (entry.leaseUntil ?? now) <= now);
      return due
        .sort(([, a], [, b]) => a.nextAttemptAt - b.nextAttemptAt)
        .slice(0, limit)
        .map(([id, entry]): Delivery => {
          entry.leaseUntil = now + leaseMs;
          entry.attempts += 1;
          const lead = leads.find((candidate) => candidate.id === id)!;
          return { lead, adapter: entry.adapter, url: entry.url, attempt: entry.attempts, createdAt: entry.createdAt };
        });
    },
    async recordAttempt(record) {
      const { next, ...attempt } = record;
      attempts.set(record.leadId, [...(attempts.get(record.leadId) ?? []).filter((a) => a.attempt !== record.attempt), attempt]);
      const entry = outbox.get(record.leadId);
      if (!entry) return;
      const lead = leads.find((candidate) => candidate.id === record.leadId)!;
      if (entry.status === 'pending' && next.status !== 'pending') {
        countLead(lead, 'pending', -1);
        countLead(lead, next.status);
      }
      Object.assign(entry, { status: next.status, leaseUntil: undefined, held: undefined, lastError: record.error });
      if (next.status === 'pending') entry.nextAttemptAt = next.at;
      else entry.finishedAt = record.startedAt + record.durationMs;
    },
    async forgetKeys(before) {
      for (const [key, row] of keys) if (row.createdAt < before) keys.delete(key);
      for (const [nonce, usedAt] of usedTokens) if (usedAt < before) usedTokens.delete(nonce);
    },
    async stats() {
      const inState = (status: OutboxEntry['status']) => [...outbox.values()].filter((entry) => entry.status === status).length;
      const notForwarded = leads.filter((lead) => !outbox.has(lead.id) && !spam.has(lead.id)).length;
      return { leads: leads.length, forwarded: inState('delivered'), pending: inState('pending'), failed: inState('failed'), notForwarded, spam: spam.size };
    },
    health: async () => ({ ok: true }) as const,
    async *exportLeads({ includeSpam = false } = {}): AsyncGenerator<ExportedLead> {
      for (const lead of [...leads]) {
        if (spam.has(lead.id) && !includeSpam) continue;
        const entry = outbox.get(lead.id);
        yield { ...lead, forwardStatus: entry?.status ?? 'none', forwardAttempts: entry?.attempts ?? 0, spam: spam.has(lead.id) };
      }
    },
    forget: async (email) => erase((lead) => lead.email.toLowerCase() === email.trim().toLowerCase()),
    prune: async (before) => erase((lead) => Date.parse(lead.receivedAt) < before),
    async recordEvent(event, { eventsBefore, countsBefore }) {
      for (const [key, at] of events) if (at < eventsBefore) events.delete(key);
      for (const [key, row] of counts) if (row.day < countsBefore) counts.delete(key);
      const key = `${event.type}:${event.id}`;
      if (events.has(key)) return false;
      events.set(key, event.at);
      const own = { day: event.day, type: event.type, story: event.story, utmSource: event.utmSource, utmCampaign: event.utmCampaign };
      const fits = counts.has(JSON.stringify(Object.values(own))) || [...counts.values()].filter((row) => row.day === event.day).length < COUNT_KEYS_PER_DAY;
      count(fits ? own : { ...own, story: '*', utmSource: '', utmCampaign: '' }, 1);
      return true;
    },
    counts: async (sinceDay) => [...counts.values()].filter((row) => row.day >= sinceDay).map((row) => ({ ...row })),
    async hold(leadId, until, reason) {
      const entry = outbox.get(leadId);
      if (entry?.status !== 'pending') return;
      // The time held moves createdAt on, as in SQL: it never counts against the give-up deadline.
      const createdAt = entry.createdAt + (until - entry.nextAttemptAt);
      Object.assign(entry, { nextAttemptAt: until, leaseUntil: undefined, held: reason, attempts: entry.attempts - 1, createdAt });
    },
    async deliveredSince(url, since) {
      const times = [...attempts]
        .filter(([id]) => outbox.get(id)?.url === url)
        .flatMap(([, list]) => list.filter((a) => a.outcome === 'delivered' && a.startedAt > since).map((a) => a.startedAt));
      return { count: times.length, ...(times.length ? { oldest: Math.min(...times) } : {}) };
    },
    async destinations() {
      const found = new Map<string, DestinationHealth>();
      for (const entry of outbox.values()) {
        const key = `${entry.adapter} ${entry.url}`;
        const health = found.get(key) ?? { adapter: entry.adapter, url: entry.url, sent: 0, pending: 0, failed: 0, failures: [] };
        health[entry.status === 'delivered' ? 'sent' : entry.status] += 1;
        if (entry.status === 'pending' && !(health.next && health.next.at <= entry.nextAttemptAt))
          health.next = { at: entry.nextAttemptAt, held: entry.held ?? null, lastError: entry.lastError ?? null };
        found.set(key, health);
      }
      const failed = [...outbox.values()].filter((entry) => entry.status === 'failed').sort((a, b) => (b.finishedAt ?? 0) - (a.finishedAt ?? 0));
      for (const health of found.values()) {
        for (const { lastError = '' } of failed.filter((entry) => entry.url === health.url && entry.adapter === health.adapter).slice(0, 20)) {
          const known = health.failures.find((failure) => failure.error === lastError);
          if (known) known.count += 1;
          else health.failures.push({ error: lastError, count: 1 });
        }
      }
      return [...found.values()];
    },
    attempts: async (leadId) => [...(attempts.get(leadId) ?? [])],
    async close() {},
  };
}
