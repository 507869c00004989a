/** The handler's public types: the stored lead, the store interface, options. */
import type { DataField, LeadValues } from '../src/shared/lead-fields.js';
/** The validated `data` object of a lead: every field a trimmed string. */
export type LeadData = Record<DataField, string>;

/**
 * One lead as it is written to the store: the lead field table's values (src/shared/lead-fields.ts),
 * every one a trimmed string, plus what the handler adds.
 */
export type StoredLead = LeadValues & {
  /** Random UUID given by the handler. The only lead detail that is ever logged. */
  id: string;
  /** ISO 8601 time the lead was accepted. */
  receivedAt: string;
  /** The marketing-automation form endpoint the client sent (may be ""). */
  formUrl: string;
  /** The story the lead came from (src/shared/story-id.ts): `redcliffe-labs` unless the body named another. */
  story: string;
};

/** An answer the handler gives, as remembered for an Idempotency-Key. */
export interface Answer {
  status: number;
  body: unknown;
}

/** Which wire format a forward uses: today's JSON POST of `data`, or HubSpot's Forms submission. */
export type ForwardAdapter = 'json' | 'hubspot';

export interface AcceptRequest {
  lead: StoredLead;
  /** When the request carried an Idempotency-Key. */
  idempotency?: {
    key: string;
    /** SHA-256 (hex) of the validated body. */
    bodyHash: string;
    /** Keys created before this time (ms) count as forgotten. */
    forgetBefore: number;
  };
  /** The answer to remember for the key (the 200 with its pdf_url). */
  answer: Answer;
  /** Suspected spam (honeypot filled, or sent faster than a person types): stored marked, never forwarded. */
  spam?: boolean;
  /**
   * The nonce of the lead's spam token (server/spam/token.ts), written with the lead: a nonce already
   * written marks this lead as spam (a replayed token), with no outbox entry.
   */
  tokenNonce?: string;
  /** An outbox entry to write with the lead; absent when the lead has no form URL or is spam. */
  delivery?: { adapter: ForwardAdapter; url: string };
  /** Time of the request, ms. */
  now: number;
  /**
   * When the request's answer is due (ms since the epoch, real time). A store that must wait (a
   * lock held elsewhere) gives up by then and never writes the lead afterwards, so a visitor who
   * got a 503 has not been stored behind their back.
   */
  deadline?: number;
}

export type AcceptResult =
  | { outcome: 'stored'; /** Stored as spam because its token was used before. */ replayedToken?: boolean }
  | { outcome: 'replayed'; answer: Answer }
  | { outcome: 'key_reused' };

/** An outbox entry claimed for one delivery attempt. */
export interface Delivery {
  lead: StoredLead;
  adapter: ForwardAdapter;
  url: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** When the outbox entry was written (ms): back-off gives up `giveUpAfterMs` later. */
  createdAt: number;
}

export interface AttemptRecord {
  leadId: string;
  attempt: number;
  startedAt: number;
  durationMs: number;
  /** `delivered`: the target's real success. Otherwise the entry goes back to pending or, at the end, to failed. */
  outcome: 'delivered' | 'failed';
  httpStatus?: number;
  /** Short reason: `status 503`, `timeout`, `TypeError`, `hubspot: no inlineMessage`… never lead content. */
  error?: string;
  /** The entry's state after this attempt. */
  next: { status: 'pending'; at: number } | { status: 'delivered' } | { status: 'failed' };
}

/** Every lead is in exactly one bucket besides `leads`, so the buckets add up to it. */
export interface LeadStats {
  leads: number;
  /** Delivered to the form endpoint. */
  forwarded: number;
  /** Waiting for its next attempt. */
  pending: number;
  /** Given up on. */
  failed: number;
  /** Sent with no form endpoint (`url: ""`): nothing to forward. */
  notForwarded: number;
  /** Suspected spam: stored, never forwarded, left out of exports unless asked for. */
  spam: number;
}

/** One `view` or `open` beacon from the element (routes/events.ts). */
export interface StoryEvent {
  /** Random per page load (the element's), with `type` the key duplicates are dropped by. */
  id: string;
  type: 'view' | 'open';
  /** Day received, UTC, `YYYY-MM-DD`: what the counts are kept per. */
  day: string;
  story: string;
  utmSource: string;
  utmCampaign: string;
  /** Time received (ms): raw events older than the retention are pruned by it. */
  at: number;
}

/**
 * What /admin counts, per UTC day, story, utm_source and utm_campaign: beacons (`view`, `open`),
 * leads (`lead`, or `spam`) and their outbox state (`pending`, `delivered`, `failed`). Kept in the
 * store as each happens, so the numbers never read the leads. `story` is `*` on the one row a day
 * folds made-up beacon values into once the day holds `COUNT_KEYS_PER_DAY` rows.
 */
export interface DailyCount {
  day: string;
  type: 'view' | 'open' | 'lead' | 'spam' | 'pending' | 'delivered' | 'failed';
  story: string;
  utmSource: string;
  utmCampaign: string;
  count: number;
}

/** One lead for an export, with its forwarding state. */
export type ExportedLead = StoredLead & {
  /** `none` when the lead had no form URL. */
  forwardStatus: 'none' | 'pending' | 'delivered' | 'failed';
  forwardAttempts: number;
  spam: boolean;
};

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface SharedRateLimiter {
  /** Spends one point for `client`; refused once `points` were spent in the current window. */
  consume(client: string): Promise<RateDecision>;
}

/**
 * Where leads go. The SQLite, PostgreSQL and memory stores implement it with the same semantics:
 * `accept` writes the lead, its Idempotency-Key and its outbox entry in ONE transaction and
 * resolves only once that transaction is durable.
 */
export interface LeadStore {
  /** Short name for logs: `sqlite`, `postgres`, `memory`. */
  readonly kind: string;
  accept(request: AcceptRequest): Promise<AcceptResult>;
  /** A rate limiter whose counters live in this store, so every instance sharing it shares them. */
  rateLimiter(options: { points: number; durationSeconds: number }): SharedRateLimiter;
  /** Claims up to `limit` due outbox entries for `leaseMs` (no other worker gets them meanwhile). */
  claimDeliveries(options: { now: number; leaseMs: number; limit: number }): Promise<Delivery[]>;
  /** Records one attempt and the entry's new state, in one transaction. */
  recordAttempt(record: AttemptRecord): Promise<void>;
  /** Deletes Idempotency-Keys created before `before` (ms). */
  forgetKeys(before: number): Promise<void>;
  stats(): Promise<LeadStats>;
  /** Whether the store can take leads now (the database answers, the disk has room), and if not, why. */
  health(): Promise<{ ok: true } | { ok: false; problem: string }>;
  /** Every lead, oldest first; suspected spam only with `includeSpam`. */
  exportLeads(options?: { includeSpam?: boolean }): AsyncIterable<ExportedLead>;
  /** The value kept under `name` (created from `create()` on first use, the same for every instance sharing the store). */
  secret(name: string, create: () => string): Promise<string>;
  /** Erases every lead with this email (any case), with its outbox entry, attempts and keys; resolves to how many. */
  forget(email: string): Promise<number>;
  /** Erases every lead received before `before` (ms), with everything attached; resolves to how many. */
  prune(before: number): Promise<number>;
  /**
   * Counts an event unless one with the same (id, type) was counted already; deletes raw events
   * received before `prune.eventsBefore` (ms) and counts of days before `prune.countsBefore`.
   * Resolves to whether it was counted.
   */
  recordEvent(event: StoryEvent, prune: { eventsBefore: number; countsBefore: string }): Promise<boolean>;
  /** The counts of the days from `sinceDay` (`YYYY-MM-DD`, UTC) on. */
  counts(sinceDay: string): Promise<DailyCount[]>;
  /** The error of the delivery that failed last (given up), if any. */
  lastDeliveryError(): Promise<string | undefined>;
  /** Attempts recorded for one lead, oldest first. */
  attempts(leadId: string): Promise<Omit<AttemptRecord, 'next'>[]>;
  close(): Promise<void>;
}

/** Console-like logger. The handler only ever passes ids, status codes and error codes. */
export interface Logger {
  info(message: string, meta?: Record<string, unknown>): void;
  warn(message: string, meta?: Record<string, unknown>): void;
  error(message: string, meta?: Record<string, unknown>): void;
}
