/**
 * The lead app's Hono environment: the checked configuration and the services the routes use,
 * and what middleware sets per request in `c.var` (the client's key, the request's deadline).
 * Types only, so every folder may import it.
 */
import type { Context } from 'hono';
import type { leadConfig } from './config.js';
import type { AcceptResult, Answer, LeadData, RateDecision, StoryEvent } from './types.js';

/** The checked options (config.ts). */
export type LeadConfig = ReturnType<typeof leadConfig>;

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
