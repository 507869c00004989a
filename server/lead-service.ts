/**
 * What the lead routes share: the store (opened once, lazily), the rate limiter, the delivery loop,
 * and `accept`, which writes a lead with its Idempotency-Key and outbox entry and joins a request
 * whose key is already being worked on here.
 */
import { clientKey } from './client-key.js';
import type { LeadConfig } from './config.js';
import { createDeliveryLoop, errorName } from './delivery.js';
import { fromData, DATA_FIELDS } from '../src/shared/lead-fields.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { createBotCheck, newSecret, type BotCheck } from './bot-token.js';
import { createSpamChallenge, type SpamChallenge } from './spam-challenge.js';
import { withTimeout } from './timeout.js';
import type { AcceptResult, Answer, HandlerContext, LeadData, LeadStore, RateDecision, SharedRateLimiter, StoredLead } from './types.js';

export interface LeadService {
  getStore(): Promise<LeadStore>;
  /** The per-client limit, within the request's deadline; undefined when no limit applies. Rejects when unavailable. */
  rateLimit(context: HandlerContext, deadline: Deadline): Promise<RateDecision | undefined>;
  /** The spam-token check (bot-token.ts), its secret from the options or the store; undefined when off. */
  botCheck(): Promise<BotCheck> | undefined;
  spamChallenge(): Promise<SpamChallenge> | undefined;
  accept(
    input: { formUrl: string; data: LeadData; answer: Answer; key: string | null; spam?: boolean; tokenNonce?: string | undefined },
    context: HandlerContext,
    deadline: Deadline,
  ): Promise<AcceptResult>;
  startLoop(): void;
  deliver(): Promise<void>;
  close(ownStore: boolean): Promise<void>;
}

/** What is left of a request's time: every awaited step is bounded by it. */
export interface Deadline {
  /** When the answer is due (ms since the epoch). */
  end: number;
  bound<T>(promise: Promise<T>, what: string): Promise<T>;
}

export function deadlineOf(config: LeadConfig): Deadline {
  const end = Date.now() + config.requestTimeoutMs;
  return { end, bound: (promise, what) => withTimeout(promise, Math.max(1, end - Date.now()), what) };
}

export function createLeadService(config: LeadConfig, openStore: () => Promise<LeadStore>): LeadService {
  const { logger, now } = config;
  let store: Promise<LeadStore> | undefined;
  const getStore = () =>
    (store ??= withTimeout(openStore(), Math.max(config.requestTimeoutMs, 30_000), 'opening the store').catch((error: unknown) => {
      store = undefined;
      throw error;
    }));
  let limiter: SharedRateLimiter | undefined;
  let warnedNoAddress = false;

  const loop = createDeliveryLoop({
    getStore,
    fetch: config.fetch,
    ...config.delivery,
    storeTimeoutMs: config.requestTimeoutMs,
    now,
    logger,
  });
  let started = false;
  const startLoop = () => {
    if (config.delivery.loop && !started && typeof setInterval === 'function') {
      started = true;
      loop.start();
    }
  };
  // Old keys are deleted on their own schedule, never inside a delivery pass.
  let forgetTimer: ReturnType<typeof setInterval> | undefined;
  const forgetKeys = async () => {
    try {
      await withTimeout((await getStore()).forgetKeys(now() - config.ttlMs), config.requestTimeoutMs, 'forgetting old keys');
    } catch (error) {
      logger.warn('old idempotency keys not deleted', { error: errorName(error) });
    }
  };
  const startForgetting = () => {
    if (forgetTimer || typeof setInterval !== 'function') return;
    forgetTimer = setInterval(() => void forgetKeys(), 60 * 60 * 1000);
    (forgetTimer as { unref?: () => void }).unref?.();
    void forgetKeys();
  };

  let botCheck: Promise<BotCheck> | undefined;
  let spamChallenge: Promise<SpamChallenge> | undefined;
  const secretOf = (setting: { secret: string | undefined }) =>
    setting.secret !== undefined ? Promise.resolve(setting.secret) : getStore().then((opened) => opened.secret('spam-token', newSecret));

  /** Requests whose key is being worked on in this process: a second one with the same body joins. */
  const inFlight = new Map<string, { bodyHash: string; work: Promise<AcceptResult> }>();

  return {
    getStore,
    botCheck() {
      if (!config.botCheck) return undefined;
      return (botCheck ??= secretOf(config.botCheck)
        .then((secret) => createBotCheck(secret, now))
        .catch((error: unknown) => {
          botCheck = undefined;
          throw error;
        }));
    },
    spamChallenge() {
      if (!config.spamChallenge || !config.botCheck) return undefined;
      return (spamChallenge ??= secretOf(config.botCheck)
        .then((secret) => createSpamChallenge(secret, now))
        .catch((error: unknown) => {
          spamChallenge = undefined;
          throw error;
        }));
    },
    async rateLimit(context, deadline) {
      if (!config.rateLimit) return undefined;
      if (context.clientAddress === undefined && !warnedNoAddress) {
        warnedNoAddress = true;
        logger.warn('rate limit: no clientAddress in the handler context, so every request shares one allowance');
      }
      const opened = await deadline.bound(getStore(), 'opening the store');
      limiter ??= opened.rateLimiter(config.rateLimit);
      return deadline.bound(limiter.consume(clientKey(context.clientAddress)), 'rate limit');
    },
    async accept({ formUrl, data, answer, key, spam = false, tokenNonce }, context, deadline) {
      const lead: StoredLead = { id: crypto.randomUUID(), receivedAt: new Date(now()).toISOString(), formUrl, ...fromData(data) };
      const bodyHash = key === null ? '' : hashOf(formUrl, data);
      const run = async () => {
        const opened = await deadline.bound(getStore(), 'opening the store');
        return deadline.bound(
          opened.accept({
            lead,
            answer,
            now: now(),
            deadline: deadline.end,
            spam,
            ...(tokenNonce === undefined ? {} : { tokenNonce }),
            ...(key === null ? {} : { idempotency: { key, bodyHash, forgetBefore: now() - config.ttlMs } }),
            ...(formUrl === '' || spam ? {} : { delivery: { adapter: config.adapter, url: formUrl } }),
          }),
          'storing the lead',
        );
      };
      let result: AcceptResult;
      if (key === null) result = await run();
      else {
        const joined = inFlight.get(key);
        if (joined && joined.bodyHash === bodyHash) return deadline.bound(joined.work, 'storing the lead');
        // Another body under the same key: let the first finish, then the store answers (422 or stored).
        if (joined) await joined.work.catch(() => {});
        const work = run();
        const entry = { bodyHash, work };
        inFlight.set(key, entry);
        try {
          result = await work;
        } finally {
          if (inFlight.get(key) === entry) inFlight.delete(key);
        }
      }
      if (result.outcome === 'stored') {
        const marked = spam || result.replayedToken === true;
        logger.info('lead stored', { id: lead.id, ...(marked ? { spam: true } : {}), ...(result.replayedToken ? { reason: 'token used before' } : {}) });
        startForgetting();
        if (formUrl !== '' && !marked) {
          // After the answer, never on the visitor's time; a platform's waitUntil keeps it alive.
          startLoop();
          const delivering = loop.runOnce();
          context.waitUntil?.(delivering);
        }
      }
      return result;
    },
    startLoop() {
      startLoop();
      startForgetting();
    },
    deliver: () => loop.runOnce(),
    async close(ownStore) {
      if (forgetTimer) clearInterval(forgetTimer);
      await loop.stop();
      const opened = await store?.catch(() => undefined);
      store = undefined;
      if (opened && ownStore) await opened.close();
    },
  };
}

/**
 * SHA-256 (hex) of the validated lead: what "the same body" means for an Idempotency-Key.
 * Synchronous and in plain JavaScript (@noble/hashes): WebCrypto's digest hands every call to a
 * worker thread and back, which was the handler's largest cost at saturation (16 % of its time).
 */
export function hashOf(formUrl: string, data: LeadData): string {
  return bytesToHex(sha256(utf8ToBytes(JSON.stringify([formUrl, ...DATA_FIELDS.map((field) => data[field])]))));
}
