/** The options of `createLeadHandler` and what it returns (the stored data's types are in types.ts). */
import type { ForwardAdapter, LeadStore, Logger } from './types.js';

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
   * handler's own origin, `publicOrigin` and `corsOrigins`, e.g. `["https://blog.example.com"]`. A
   * form post from any other `Origin` answers 403 (a page on another site cannot post leads).
   */
  formOrigins?: string[];
  /**
   * Origins of the sites that embed the element and post leads from the browser, e.g.
   * `["https://blog.example.com"]`: answered with CORS headers (preflight allowing `Content-Type`
   * and `Idempotency-Key`), allowed to post the no-JS form, and whose pages' views are counted. A
   * post whose `Origin` is neither listed, `publicOrigin` nor the handler's own answers 403 and
   * stores nothing (server/middleware/origin.ts).
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
   * Signed spam tokens (server/spam/token.ts): `GET` on the handler answers `{ "token": … }`, and a lead
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
