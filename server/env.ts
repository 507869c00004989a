/**
 * The lead app's Hono environment: the checked configuration and the services the routes use,
 * and what middleware sets per request in `c.var` (the client's key, the request's deadline).
 * Types only, so every folder may import it.
 */
import type { Context } from 'hono';
import type { AcceptResult, Answer, ForwardAdapter, LeadData, Logger, RateDecision, StoryEvent } from './types.js';

export interface LeadConfig {
  /** As configured: resolved against publicOrigin or the request URL only when answering. */
  pdfUrl: string;
  /** `https://www.example.com` (no trailing slash), or undefined. */
  publicOrigin: string | undefined;
  logger: Logger;
  now: () => number;
  fetch: typeof fetch;
  maxBodyBytes: number;
  /** One deadline per request: rate limit, store and everything else within it. */
  requestTimeoutMs: number;
  isAllowedFormUrl: (url: string) => boolean;
  /** Origins whose pages may post leads and events from the browser (CORS). */
  corsOrigins: readonly string[];
  /** Origins whose pages may post the no-JS form besides those: `formOrigins`. */
  formOrigins: readonly string[];
  ttlMs: number;
  adapter: ForwardAdapter;
  rateLimit: { points: number; durationSeconds: number } | undefined;
  /** Signed spam tokens: off (`false`), or on with a secret (undefined: the store keeps one). */
  botCheck: false | { secret: string | undefined };
  /** A proof-of-work challenge with each spam token (spam/challenge.ts); it turns `botCheck` on. */
  spamChallenge: 'altcha' | undefined;
  /** crm/delivery.ts's defaults, as configured. */
  delivery: {
    timeoutMs: number;
    initialDelayMs: number;
    maxDelayMs: number;
    giveUpAfterMs: number;
    pollMs: number;
    concurrency: number;
    loop: boolean;
    hubspotToken: string | undefined;
  };
}

/** What is left of a request's time: every awaited step is bounded by it. */
export interface Deadline {
  /** When the answer is due (ms since the epoch). */
  end: number;
  bound<T>(promise: Promise<T>, what: string): Promise<T>;
}

/** What a lead route hands to spamVerdict (spam/verdict.ts). */
export interface SpamInput {
  /** The no-JS form's hidden field and render time (src/shared/bot-traps.ts); absent on JSON. */
  honeypot?: string;
  renderedAt?: string;
  token: unknown;
  /** The proof of work (JSON only: a form cannot solve one). */
  solution?: unknown;
  route: 'json' | 'form';
}

export interface SpamVerdict {
  spam: boolean;
  /** Why, for the log: `honeypot`, `too fast`, `token missing`… */
  reason?: string;
  /** The good token's nonce, written with the lead (a second lead with it is a replay). */
  tokenNonce?: string;
}

interface LeadInput {
  formUrl: string;
  data: LeadData;
  story: string;
  answer: Answer;
  /** Idempotency key, namespaced by route (`json:…`, `form:…`), or null. */
  key: string | null;
  verdict: SpamVerdict;
}

export interface LeadServices {
  config: LeadConfig;
  /** Spends one of `client`'s points for leads or for events; undefined when there is no limit. Rejects when unavailable. */
  limit(kind: 'lead' | 'event', client: string, deadline: Deadline): Promise<RateDecision | undefined>;
  /** Whether leads must carry a spam token (`botCheck`). */
  tokensRequired: boolean;
  /** A fresh spam token, and its proof-of-work challenge when that is on; `typed`: for a page that holds what was typed already. */
  issueToken(deadline: Deadline, options?: { typed?: boolean; challenge?: boolean }): Promise<{ token: string; challenge?: unknown }>;
  spamVerdict(input: SpamInput, deadline: Deadline): Promise<SpamVerdict>;
  accept(input: LeadInput, deadline: Deadline, waitUntil?: (work: Promise<unknown>) => void): Promise<AcceptResult>;
  /** Counts a beacon (a duplicate counts once) and prunes what is older than `prune` says. */
  recordEvent(event: StoryEvent, prune: { eventsBefore: number; countsBefore: string }): Promise<void>;
}

export type LeadEnv = {
  Variables: {
    services: LeadServices;
    /** The client's rate-limit key (middleware/client.ts): one per IPv4 address or IPv6 /64. */
    client: string;
    deadline: Deadline;
    waitUntil?: (work: Promise<unknown>) => void;
  };
};

export type LeadContext = Context<LeadEnv>;
