/** The options of `createLeadHandler` and what it returns (docs/server.md has each in full). */
import type { ForwardAdapter, LeadStore, Logger } from './types.js';

/** Per-request facts the host runtime knows and the Request does not carry. */
export interface HandlerContext {
  /** The client's IP address: the rate-limit key. */
  clientAddress?: string;
  /** Keeps the new lead's delivery alive after the answer (Cloudflare `ctx.waitUntil`, Vercel `waitUntil`). */
  waitUntil?: (promise: Promise<unknown>) => void;
}

export interface LeadHandler {
  (request: Request, context?: HandlerContext): Promise<Response>;
  /** Opens the store (migrating it) and starts the delivery loop; otherwise the first request does. */
  ready(): Promise<void>;
  deliver(): Promise<void>;
  /** Stops the loop, waits for running attempts, closes the store. */
  close(): Promise<void>;
}

/** Requests per client per window. Defaults 10 in 10 s. */
export interface RateLimitOptions {
  points?: number;
  durationSeconds?: number;
}

export interface IdempotencyOptions {
  /** How long an answer is replayed. Default and minimum 24 h. */
  ttlMs?: number;
}

/**
 * Defaults: `json`, 10 s an attempt, 30 s before the 2nd doubling up to 1 h, failed after 72 h (at
 * least 24 h), a pass every 5 s, 8 attempts at once per CRM host.
 */
export interface DeliveryOptions {
  adapter?: ForwardAdapter;
  timeoutMs?: number;
  initialDelayMs?: number;
  maxDelayMs?: number;
  giveUpAfterMs?: number;
  pollMs?: number;
  concurrency?: number;
  /** `false`: no loop in this process (call `handler.deliver()` from a cron). */
  loop?: boolean;
  /** A HubSpot private-app token, sent as a Bearer token (its `…/secure/submit/…` endpoint). */
  hubspotToken?: string;
  /** The subscription type a lead's consent box subscribes to in HubSpot (digits). */
  hubspotSubscriptionTypeId?: string;
  salesforce?: SalesforceOptions;
  marketo?: MarketoOptions;
}

/** Web-to-Lead's settings; `fields` maps lead columns to custom field ids (`{ utm_campaign: '00N…' }`). */
export interface SalesforceOptions {
  /** The org ID (`00D…`), when the address has no `oid`. */
  oid?: string;
  /** Default: the lead's story. */
  leadSource?: string;
  fields?: Record<string, string>;
  /** Leads sent a day before the rest wait. Default 500. */
  dailyLimit?: number;
}

/** A Marketo LaunchPoint custom service's credentials; `fields` maps lead columns to Marketo field names. */
export interface MarketoOptions {
  clientId?: string;
  clientSecret?: string;
  fields?: Record<string, string>;
}

export interface LeadHandlerOptions {
  /** The PDF's URL; a relative one is resolved against `publicOrigin`, else the request URL. */
  pdfUrl: string;
  /** The PDF of each story by id (`serve`'s STORIES_DIR), resolved as `pdfUrl`; a lead of any other story gets `pdfUrl`. */
  storyPdfUrls?: Record<string, string>;
  /** The site's public origin (`https://www.example.com`): set it behind a proxy; never taken from `Host`. */
  publicOrigin?: string;
  /** Default: `openDefaultStore()` (PostgreSQL with `DATABASE_URL`, else SQLite at `LEADS_DB`). */
  store?: LeadStore;
  /** Exact absolute `https:` URLs leads may be forwarded to; the client's `url` must equal one. Default none. */
  forwardAllowlist?: string[];
  /** Origins besides these sites' whose pages may post the no-JS form. */
  formOrigins?: string[];
  /** The sites that embed the element: CORS, the no-JS form and counted views. Posts from other origins answer 403. */
  corsOrigins?: string[];
  delivery?: DeliveryOptions;
  fetch?: typeof fetch;
  /** Per client, shared through the store; `false` disables it. */
  rateLimit?: RateLimitOptions | false;
  idempotency?: IdempotencyOptions;
  /** One deadline per request; past it, 503 with Retry-After. Default 5,000 ms. */
  storeTimeoutMs?: number;
  /** Signed spam tokens (`GET` hands one out): a lead without a good one is stored as spam, never forwarded. Default off. */
  botCheck?: boolean | { secret?: string };
  /** `'altcha'`: a proof of work beside the token (turns `botCheck` on). */
  spamChallenge?: 'altcha';
  /** Default 16 KiB. */
  maxBodyBytes?: number;
  logger?: Logger;
  now?: () => number;
  /** Tests only: `ttlMs` and `giveUpAfterMs` under 24 h. */
  allowShortTimes?: boolean;
}
