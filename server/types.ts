/** The handler's public types: the stored lead, the store interface, options. */
import type { DataField, LeadValues } from '../src/shared/lead-fields.js';
/** The validated `data` object of a lead: every field a trimmed string. */
export type LeadData = Record<DataField, string>;

/** A lead as stored: the lead field table's values (src/shared/lead-fields.ts) and what the handler adds. */
export type StoredLead = LeadValues & {
  /** Random UUID: the only lead detail ever logged. */
  id: string;
  /** ISO 8601. */
  receivedAt: string;
  /** The form endpoint the client sent (may be ""). */
  formUrl: string;
  /** The story the lead came from (src/shared/story-id.ts). */
  story: string;
};

/** An answer as remembered for an Idempotency-Key. */
export type Answer = { status: number; body: unknown };

/** The CRM a forward goes to, in its own format: the lead's `data` as JSON, HubSpot's Forms API, Salesforce Web-to-Lead, Marketo's submitForm. */
export type ForwardAdapter = 'json' | 'hubspot' | 'salesforce' | 'marketo';

export interface AcceptRequest {
  lead: StoredLead;
  /** `forgetBefore`: keys created before it (ms) count as forgotten. */
  idempotency?: { key: string; bodyHash: string; forgetBefore: number };
  answer: Answer;
  /** Stored marked, never forwarded. */
  spam?: boolean;
  /** The spam token's nonce (spam/token.ts): one already written marks this lead as spam, with no outbox entry. */
  tokenNonce?: string;
  delivery?: { adapter: ForwardAdapter; url: string };
  now: number;
  /** When the answer is due (ms): a store that must wait gives up by then, so a visitor told 503 was not stored behind their back. */
  deadline?: number;
}

export type AcceptResult = { outcome: 'stored'; replayedToken?: boolean } | { outcome: 'replayed'; answer: Answer } | { outcome: 'key_reused' };

/** An outbox entry claimed for one attempt (`attempt` 1 first; back-off gives up `giveUpAfterMs` after `createdAt`, moved on by any time held by a CRM's limit). */
export type Delivery = { lead: StoredLead; adapter: ForwardAdapter; url: string; attempt: number; createdAt: number };

export interface AttemptRecord {
  leadId: string;
  attempt: number;
  startedAt: number;
  durationMs: number;
  outcome: 'delivered' | 'failed';
  httpStatus?: number;
  /** `status 503`, `timeout`, `hubspot: no inlineMessage`…: never lead content. */
  error?: string;
  next: { status: 'pending'; at: number } | { status: 'delivered' } | { status: 'failed' };
}

/** Every lead is in exactly one bucket besides `leads`. `notForwarded`: sent with `url: ""`. */
export type LeadStats = Record<'leads' | 'forwarded' | 'pending' | 'failed' | 'notForwarded' | 'spam', number>;

/** What /admin counts by: the UTC day (`YYYY-MM-DD`), the story, utm_source and utm_campaign. */
type CountKey = { day: string; story: string; utmSource: string; utmCampaign: string };

/** One `view` or `open` beacon (routes/events.ts); `(id, type)` drops duplicates, `at` (ms) prunes. */
export type StoryEvent = CountKey & { id: string; type: 'view' | 'open'; at: number };

/** Kept as it happens, so the numbers never read the leads; `story` is `*` on the row a day folds made-up beacon values into. */
export type DailyCount = CountKey & { type: 'view' | 'open' | 'lead' | 'spam' | 'pending' | 'delivered' | 'failed'; count: number };

/**
 * Where one destination's leads stand: counts kept as things happen; why the next waiting one waits (a CRM's limit it
 * is `held` by, else its last error) and when it goes; the CRM's words for the latest failures (of up to 20), newest first.
 */
export type DestinationHealth = {
  adapter: ForwardAdapter;
  url: string;
  sent: number;
  pending: number;
  failed: number;
  next?: { at: number; held: string | null; lastError: string | null };
  failures: { error: string; count: number }[];
};

/** A lead for an export; `forwardStatus` is `none` without a form URL. */
export type ExportedLead = StoredLead & { forwardStatus: 'none' | 'pending' | 'delivered' | 'failed'; forwardAttempts: number; spam: boolean };

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface SharedRateLimiter {
  consume(client: string): Promise<RateDecision>;
}

/**
 * Where leads go; SQLite, PostgreSQL and memory with the same semantics. `accept` writes the lead,
 * its key and its outbox entry in ONE transaction and resolves once it is durable.
 */
export interface LeadStore {
  readonly kind: string;
  accept(request: AcceptRequest): Promise<AcceptResult>;
  /** Counters in this store, shared by every instance sharing it. */
  rateLimiter(options: { points: number; durationSeconds: number }): SharedRateLimiter;
  claimDeliveries(options: { now: number; leaseMs: number; limit: number }): Promise<Delivery[]>;
  /** The attempt and the entry's new state, in one transaction. */
  recordAttempt(record: AttemptRecord): Promise<void>;
  forgetKeys(before: number): Promise<void>;
  stats(): Promise<LeadStats>;
  health(): Promise<{ ok: true } | { ok: false; problem: string }>;
  exportLeads(options?: { includeSpam?: boolean }): AsyncIterable<ExportedLead>;
  /** The value kept under `name`, made by `create()` on first use. */
  secret(name: string, create: () => string): Promise<string>;
  /** Erases every lead with this email (any case) and all attached; resolves to how many. */
  forget(email: string): Promise<number>;
  prune(before: number): Promise<number>;
  /** Counts an event unless its (id, type) was counted; prunes older events and counts. Resolves to whether it counted. */
  recordEvent(event: StoryEvent, prune: { eventsBefore: number; countsBefore: string }): Promise<boolean>;
  counts(sinceDay: string): Promise<DailyCount[]>;
  /** Puts a claimed entry back unsent until `until` (ms), held by a CRM's limit (`reason`): never failed for it. */
  hold(leadId: string, until: number, reason: string): Promise<void>;
  /** Deliveries to `url` after `since` (ms), and when the oldest of them was: a CRM's daily limit (one sent exactly 24 h ago has left the window, so a lead held until then is sent then). */
  deliveredSince(url: string, since: number): Promise<{ count: number; oldest?: number }>;
  destinations(): Promise<DestinationHealth[]>;
  attempts(leadId: string): Promise<Omit<AttemptRecord, 'next'>[]>;
  close(): Promise<void>;
}

/** Console-like. The server passes only ids, status codes and error codes. */
export type Logger = Record<'info' | 'warn' | 'error', (message: string, meta?: Record<string, unknown>) => void>;
