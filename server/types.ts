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
   * The nonce of the lead's spam token (bot-token.ts), written with the lead: a nonce already
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

/** One event from the element (events route): a story seen, or its download dialog opened. */
export interface StoryEvent {
  /** Random per page load (the element's), with `type` the key duplicates are dropped by. */
  id: string;
  type: 'view' | 'open';
  /** Day received, UTC, `YYYY-MM-DD`: what the counts are kept per. */
  day: string;
  pageUrl: string;
  utmSource: string;
  utmCampaign: string;
  /** Time received (ms): raw events older than the retention are pruned by it. */
  at: number;
}

/** Events counted for one day, type, page and campaign (kept after the raw events are pruned). */
export interface EventCount {
  day: string;
  type: 'view' | 'open';
  pageUrl: string;
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
   * Counts an event unless one with the same (id, type) was counted already, and deletes raw
   * events received before `pruneBefore` (ms); resolves to whether it was counted.
   */
  recordEvent(event: StoryEvent, pruneBefore: number): Promise<boolean>;
  /** The event counts of the days from `sinceDay` (`YYYY-MM-DD`, UTC) on. */
  eventCounts(sinceDay: string): Promise<EventCount[]>;
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

/** Per-request facts the host runtime knows and the Request does not carry. */
export interface HandlerContext {
  /** The client's IP address, used as the rate-limit key. */
  clientAddress?: string;
  /**
   * Keeps work alive after the answer is sent (Cloudflare `ctx.waitUntil`, Vercel `waitUntil`).
   * When given, the delivery of the new lead to its form endpoint is handed to it; the answer
   * never waits for the delivery either way.
   */
  waitUntil?: (promise: Promise<unknown>) => void;
}

/** The lead endpoint, plus the life cycle of its store and delivery loop. */
export interface LeadHandler {
  (request: Request, context?: HandlerContext): Promise<Response>;
  /**
   * Opens the store (applying migrations) and starts the delivery loop, which first sends what earlier
   * runs left pending; rejects if the store cannot open. Without it, the first request does this.
   */
  ready(): Promise<void>;
  /** Runs one delivery pass now (sends every due outbox entry); resolves when it is done. */
  deliver(): Promise<void>;
  /** Stops the delivery loop, waits for running attempts, closes the store. */
  close(): Promise<void>;
}

export interface RateLimitOptions {
  /** Requests one client address may send per window. Default 10. */
  points?: number;
  /** Window length in seconds. Default 10. */
  durationSeconds?: number;
}

export interface IdempotencyOptions {
  /** How long an answer is replayed for. Default and minimum 24 h (a shorter value is only for tests: `allowShortTtl`). */
  ttlMs?: number;
}

export interface DeliveryOptions {
  /** Wire format for the form endpoint. Default `json`. */
  adapter?: ForwardAdapter;
  /** Time allowed for one attempt. Default 10,000 ms. */
  timeoutMs?: number;
  /** Wait before the 2nd attempt; doubles each time. Default 30,000 ms. */
  initialDelayMs?: number;
  /** Longest wait between two attempts. Default 1 h. */
  maxDelayMs?: number;
  /** Give up (status `failed`) once an entry is this old. Default 72 h (never less than 24 h outside tests). */
  giveUpAfterMs?: number;
  /** How often the loop looks for due entries. Default 5,000 ms. */
  pollMs?: number;
  /** Entries sent at once. Default 8. */
  concurrency?: number;
  /** `false`: no background loop in this process (call `handler.deliver()` from a cron instead). */
  loop?: boolean;
  /**
   * A HubSpot private-app access token: sent as `Authorization: Bearer …` with every HubSpot
   * submission, for its authenticated endpoint (`…/submissions/v3/integration/secure/submit/…`).
   */
  hubspotToken?: string;
}

export interface LeadHandlerOptions {
  /**
   * URL of the one-pager PDF. A relative URL is resolved against `publicOrigin` when given, else
   * against the request URL (behind a proxy or Next.js that is often `http://localhost:…`).
   */
  pdfUrl: string;
  /**
   * The site's public origin, e.g. `https://www.example.com`: what a relative `pdfUrl` is resolved
   * against. Set it whenever the handler runs behind a proxy, a platform or Next.js. Never taken from
   * the request's `Host` header.
   */
  publicOrigin?: string;
  /**
   * Where leads are written. When omitted, `openDefaultStore()` is loaded with a dynamic `import()`:
   * PostgreSQL when `DATABASE_URL` is set, else SQLite at `LEADS_DB` or `.leads/leads.db`.
   */
  store?: LeadStore;
  /**
   * Form endpoints the handler may forward leads to. Each entry is an exact absolute `https:` URL;
   * the client's `url` must equal one entry after URL normalisation, query string included. Default:
   * none, so only `url: ""` is accepted.
   */
  forwardAllowlist?: string[];
  /**
   * Origins whose pages may post the plain HTML form (visitors without JavaScript) besides the
   * handler's own origin and `publicOrigin`, e.g. `["https://blog.example.com"]`. A form post whose
   * `Origin` header is not one of them answers 403 (a page on another site cannot post leads).
   */
  formOrigins?: string[];
  /**
   * Origins of the sites that embed the element and post leads from the browser, e.g.
   * `["https://blog.example.com"]`: answered with CORS headers (preflight allowing `Content-Type`
   * and `Idempotency-Key`), and allowed to post the no-JS form. When set, a post whose `Origin` is
   * neither listed nor the handler's own answers 403 and stores nothing.
   */
  corsOrigins?: string[];
  /** How leads reach the form endpoint (outbox + delivery loop). */
  delivery?: DeliveryOptions;
  /** `fetch` used for forwarding (inject one in tests). Default: global `fetch`. */
  fetch?: typeof fetch;
  /** Per-address limit shared through the store; `false` disables it. */
  rateLimit?: RateLimitOptions | false;
  idempotency?: IdempotencyOptions;
  /** One deadline per request (rate limit, store and all): past it the answer is 503 with Retry-After. Default 5,000 ms. */
  storeTimeoutMs?: number;
  /**
   * Signed spam tokens (bot-token.ts): `GET` on the handler answers `{ "token": … }`, and a lead
   * without a good one (missing, too fast, over 2 h old, replayed) is stored as spam, answered as
   * any lead and never forwarded. `secret` defaults to one generated once and kept in the store.
   * Default off (a client that never asks for a token would have every lead marked spam).
   */
  botCheck?: boolean | { secret?: string };
  /**
   * `'altcha'`: the token `GET` also answers a proof-of-work `challenge` (altcha-lib, keyed from the
   * spam-token secret), and a JSON lead without its solution is spam. Turns `botCheck` on. Default off.
   */
  spamChallenge?: 'altcha';
  /** Largest accepted body in bytes. Default 16 KiB. */
  maxBodyBytes?: number;
  /** Default: `console`. */
  logger?: Logger;
  /** Clock in milliseconds, for tests. Default `Date.now`. */
  now?: () => number;
  /** Tests only: allows `idempotency.ttlMs` and `delivery.giveUpAfterMs` under 24 h. */
  allowShortTimes?: boolean;
}
