/** One lead as it is written to the store. Every field is a trimmed string. */
export interface StoredLead {
  /** Random UUID given by the handler. The only lead detail that is ever logged. */
  id: string;
  /** ISO 8601 time the lead was accepted. */
  receivedAt: string;
  firstName: string;
  lastName: string;
  email: string;
  pageUrl: string;
  referrer: string;
  utm: { source: string; medium: string; campaign: string; term: string; content: string };
  /** The marketing-automation form endpoint the client sent (may be ""). */
  formUrl: string;
}

/** Where leads go. `append` must resolve only once the lead is durable. */
export interface LeadStore {
  append(lead: StoredLead): Promise<void>;
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
   * Keeps work alive after the answer is sent (Cloudflare `ctx.waitUntil`,
   * Vercel `waitUntil`). When given, forwarding to the form endpoint runs in
   * the background; when absent it is awaited (bounded by `forwardTimeoutMs`).
   */
  waitUntil?: (promise: Promise<unknown>) => void;
}

export type LeadHandler = (request: Request, context?: HandlerContext) => Promise<Response>;

export interface RateLimitOptions {
  /** Burst size: requests a fresh client may send at once. Default 10. */
  capacity?: number;
  /** Tokens given back per second. Default 1. */
  refillPerSecond?: number;
  /** Most client addresses remembered; the least recently seen are evicted. Default 10,000. */
  maxClients?: number;
}

export interface IdempotencyOptions {
  /** How long an answer is replayed for. Default 24 h. */
  ttlMs?: number;
  /** Most keys remembered; the oldest are evicted. Default 10,000. */
  maxKeys?: number;
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
   * Where leads are written. When omitted, an NDJSON file store
   * (`createNdjsonStore()`, folder from `LEADS_DIR` or `./.leads`) is loaded
   * with a dynamic `import()` on the first valid lead, so runtimes without
   * `node:fs` never load it as long as they pass their own store.
   */
  store?: LeadStore;
  /**
   * Form endpoints the handler may forward leads to. Each entry is an exact
   * absolute `https:` URL; the client's `url` must equal one entry after URL
   * normalisation, query string included (a URL with any other query, path,
   * port or host is refused). Default: none, so only `url: ""` is accepted.
   */
  forwardAllowlist?: string[];
  /** Time allowed for one forward. Default 5000 ms. */
  forwardTimeoutMs?: number;
  /** `fetch` used for forwarding (inject one in tests). Default: global `fetch`. */
  fetch?: typeof fetch;
  /** Per-client token bucket; `false` disables rate limiting. */
  rateLimit?: RateLimitOptions | false;
  idempotency?: IdempotencyOptions;
  /** Longest accepted string value, in UTF-16 code units. Default 200. */
  maxFieldLength?: number;
  /** Largest accepted body in bytes. Default 16 KiB. */
  maxBodyBytes?: number;
  /** Default: `console`. */
  logger?: Logger;
  /** Clock in milliseconds, for tests. Default `Date.now`. */
  now?: () => number;
}
