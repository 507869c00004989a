/** The handler's options, checked once at creation: every bad value is a TypeError naming the option. */
import { httpUrl } from '../src/shared/http-url.js';
import { createAllowlist, FORWARD_ADAPTERS } from './forward.js';
import type { ForwardAdapter, LeadHandlerOptions, Logger } from './types.js';
import { SPAM_CHALLENGES, type SpamChallengeKind } from './spam-challenge.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface LeadConfig {
  /** As configured: resolved against publicOrigin or the request URL only when answering. */
  pdfUrl: string;
  /** `https://www.example.com` (no trailing slash), or undefined. */
  publicOrigin: string | undefined;
  logger: Logger;
  now: () => number;
  /** Used for forwarding. */
  fetch: typeof fetch;
  maxBodyBytes: number;
  /** One deadline per request: rate limit, store and everything else within it. */
  requestTimeoutMs: number;
  isAllowedFormUrl: (url: string) => boolean;
  /** Origins whose pages may post leads from the browser (CORS, and the no-JS form). */
  corsOrigins: string[];
  /** Origins whose pages may post the no-JS form: formOrigins, corsOrigins and publicOrigin. */
  formOrigins: string[];
  ttlMs: number;
  adapter: ForwardAdapter;
  rateLimit: { points: number; durationSeconds: number } | undefined;
  /** Signed spam tokens: off (`false`), or on with a secret (undefined: the store keeps one). */
  botCheck: false | { secret: string | undefined };
  /** A proof-of-work challenge with each spam token (spam-challenge.ts); it turns `botCheck` on. */
  spamChallenge: SpamChallengeKind | undefined;
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

function spamChallengeOf(value: unknown): SpamChallengeKind | undefined {
  if (value === undefined || value === false) return undefined;
  if (!SPAM_CHALLENGES.includes(value as SpamChallengeKind)) {
    throw new TypeError(`createLeadHandler: spamChallenge must be one of ${SPAM_CHALLENGES.join(', ')} (got ${JSON.stringify(value)})`);
  }
  return value as SpamChallengeKind;
}

export function leadConfig(options: LeadHandlerOptions): LeadConfig {
  if (typeof options?.pdfUrl !== 'string' || options.pdfUrl === '') {
    throw new TypeError('createLeadHandler: options.pdfUrl must be a non-empty string');
  }
  const publicOrigin = options.publicOrigin === undefined ? undefined : originOf(options.publicOrigin, 'options.publicOrigin', { path: 'ignored' });
  const minimum = (value: number, name: string) => {
    positive(value, name);
    if (value < DAY_MS && !options.allowShortTimes) throw new TypeError(`createLeadHandler: ${name} must be at least 24 h (86400000 ms)`);
    return value;
  };
  const delivery = options.delivery ?? {};
  const adapter = delivery.adapter ?? 'json';
  if (!FORWARD_ADAPTERS.includes(adapter)) {
    throw new TypeError(`createLeadHandler: delivery.adapter must be one of ${FORWARD_ADAPTERS.join(', ')} (got ${JSON.stringify(adapter)})`);
  }
  const corsOrigins = (options.corsOrigins ?? []).map((value) => originOf(value, 'each corsOrigins entry'));
  return {
    pdfUrl: options.pdfUrl,
    publicOrigin,
    logger: options.logger ?? console,
    now: options.now ?? Date.now,
    fetch: options.fetch ?? ((...args) => fetch(...args)),
    maxBodyBytes: options.maxBodyBytes ?? 16 * 1024,
    requestTimeoutMs: positive(options.storeTimeoutMs ?? 5000, 'storeTimeoutMs'),
    isAllowedFormUrl: createAllowlist(options.forwardAllowlist ?? []),
    corsOrigins,
    formOrigins: [
      ...(options.formOrigins ?? []).map((value) => originOf(value, 'each formOrigins entry')),
      ...corsOrigins,
      ...(publicOrigin ? [publicOrigin] : []),
    ],
    ttlMs: minimum(options.idempotency?.ttlMs ?? DAY_MS, 'idempotency.ttlMs'),
    botCheck: options.botCheck || options.spamChallenge ? { secret: (typeof options.botCheck === 'object' && options.botCheck.secret) || undefined } : false,
    spamChallenge: spamChallengeOf(options.spamChallenge),
    adapter,
    rateLimit:
      options.rateLimit === false
        ? undefined
        : {
            points: positive(options.rateLimit?.points ?? 10, 'rateLimit.points'),
            durationSeconds: positive(options.rateLimit?.durationSeconds ?? 10, 'rateLimit.durationSeconds'),
          },
    delivery: {
      timeoutMs: positive(delivery.timeoutMs ?? 10_000, 'delivery.timeoutMs'),
      initialDelayMs: positive(delivery.initialDelayMs ?? 30_000, 'delivery.initialDelayMs'),
      maxDelayMs: positive(delivery.maxDelayMs ?? 60 * 60 * 1000, 'delivery.maxDelayMs'),
      giveUpAfterMs: minimum(delivery.giveUpAfterMs ?? 3 * DAY_MS, 'delivery.giveUpAfterMs'),
      pollMs: positive(delivery.pollMs ?? 5000, 'delivery.pollMs'),
      concurrency: positive(delivery.concurrency ?? 8, 'delivery.concurrency'),
      loop: delivery.loop !== false,
      hubspotToken: delivery.hubspotToken || undefined,
    },
  };
}

function positive(value: number, name: string): number {
  if (!(value > 0) || !Number.isFinite(value)) throw new TypeError(`createLeadHandler: ${name} must be a positive number`);
  return value;
}

/**
 * An absolute http(s) origin such as `https://www.example.com`, or a TypeError saying what to pass.
 * A path is refused unless `path: 'ignored'` (a public origin may be given as the site's URL).
 */
export function originOf(value: string, name: string, { path = 'refused' }: { path?: 'refused' | 'ignored' } = {}): string {
  const url = httpUrl(value);
  if (!url || url.origin === 'null' || (path === 'refused' && url.href !== `${url.origin}/`)) {
    throw new TypeError(`createLeadHandler: ${name} must be an absolute http(s) origin such as "https://www.example.com" (got ${JSON.stringify(value)})`);
  }
  return url.origin;
}
