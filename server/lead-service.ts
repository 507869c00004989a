/** What the lead app's routes use from `c.var`: the store (opened once, lazily), limiters, spam checks, delivery loop, `accept`. */
import { fromData } from '../src/shared/lead-data.js';
import { createDeliveryLoop } from './crm/delivery.js';
import type { Deadline, LeadConfig } from './env.js';
import { errorName, withTimeout } from './errors.js';
import { hashOf } from './lead-hash.js';
import { createSpamChallenge, type SpamChallenge } from './spam/challenge.js';
import { createBotCheck, newSecret, type BotCheck } from './spam/token.js';
import type { Validation } from './routes/validate.js';
import { SECRET, spamVerdict, type SpamInput, type SpamVerdict } from './spam/verdict.js';
import type { AcceptResult, Answer, LeadStore, SharedRateLimiter, StoredLead, StoryEvent } from './types.js';

/** Two beacons per page load; a client far past this many a minute is not a visitor. */
const EVENT_RATE_LIMIT = { points: 30, durationSeconds: 60 };

/** A valid lead; `key`: the Idempotency-Key namespaced by route (`json:…`, `form:…`), or null. */
type LeadInput = Omit<Extract<Validation, { ok: true }>, 'ok'> & { answer: Answer; key: string | null; verdict: SpamVerdict };

/** `create()` once, again after a failure. */
function once<T>(create: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () =>
    (value ??= create().catch((error: unknown) => {
      value = undefined;
      throw error;
    }));
}

export function createLeadServices(config: LeadConfig, openStore: () => Promise<LeadStore>) {
  const { logger, now } = config;
  let opened: Promise<LeadStore> | undefined;
  const getStore = once(() => (opened = withTimeout(openStore(), Math.max(config.requestTimeoutMs, 30_000), 'opening the store')));
  const limiters: Partial<Record<'lead' | 'event', SharedRateLimiter>> = {};

  const loop = createDeliveryLoop({ getStore, fetch: config.fetch, ...config.delivery, storeTimeoutMs: config.requestTimeoutMs, now, logger });
  // loop.start() starts it once (and never after stop()).
  const startLoop = () => {
    if (config.delivery.loop && typeof setInterval === 'function') loop.start();
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

  const secret = once(() => {
    const given = config.botCheck ? config.botCheck.secret : undefined;
    return given !== undefined ? Promise.resolve(given) : getStore().then((store) => store.secret('spam-token', newSecret));
  });
  const tokens = config.botCheck ? once<BotCheck>(async () => createBotCheck(await secret(), now)) : undefined;
  const challenge = config.botCheck && config.spamChallenge ? once<SpamChallenge>(async () => createSpamChallenge(await secret(), now)) : undefined;

  /** Requests whose key is being worked on in this process: a second one with the same body joins. */
  const inFlight = new Map<string, { bodyHash: string; work: Promise<AcceptResult> }>();

  return {
    config,
    getStore,
    tokensRequired: tokens !== undefined,
    /** Spends one of `client`'s points; undefined when there is no limit. */
    async limit(kind: 'lead' | 'event', client: string, deadline: Deadline) {
      if (!config.rateLimit) return undefined;
      const store = await deadline.bound(getStore(), 'opening the store');
      const limiter = (limiters[kind] ??= store.rateLimiter(kind === 'lead' ? config.rateLimit : EVENT_RATE_LIMIT));
      return deadline.bound(limiter.consume(kind === 'lead' ? client : `events:${client}`), 'rate limit');
    },
    /** `typed`: for a page that holds what was typed already. */
    async issueToken(deadline: Deadline, { typed = false, challenge: withChallenge = false } = {}): Promise<{ token: string; challenge?: unknown }> {
      const token = (await deadline.bound(tokens!(), SECRET)).issue({ typed });
      if (!withChallenge || !challenge) return { token };
      return { token, challenge: await (await deadline.bound(challenge(), SECRET)).issue(token.split('.')[1]!) };
    },
    spamVerdict: (input: SpamInput, deadline: Deadline) => spamVerdict({ tokens, challenge, now }, input, deadline),
    /** Writes the lead with its key and outbox entry. */
    async accept({ formUrl, data, story, answer, key, verdict }: LeadInput, deadline: Deadline, waitUntil?: (work: Promise<unknown>) => void) {
      const lead: StoredLead = { id: crypto.randomUUID(), receivedAt: new Date(now()).toISOString(), formUrl, story, ...fromData(data) };
      const bodyHash = key === null ? '' : hashOf(formUrl, data, story);
      const { spam, tokenNonce } = verdict;
      const run = async () => {
        const store = await deadline.bound(getStore(), 'opening the store');
        const request = {
          lead,
          answer,
          now: now(),
          deadline: deadline.end,
          spam,
          ...(tokenNonce === undefined ? {} : { tokenNonce }),
          ...(key === null ? {} : { idempotency: { key, bodyHash, forgetBefore: now() - config.ttlMs } }),
          ...(formUrl === '' || spam ? {} : { delivery: { adapter: config.destinationOf(formUrl)!.adapter, url: formUrl } }),
        };
        return deadline.bound(store.accept(request), 'storing the lead');
      };
      let result: AcceptResult;
      const joined = key === null ? undefined : inFlight.get(key);
      if (key === null) result = await run();
      else if (joined && joined.bodyHash === bodyHash) return deadline.bound(joined.work, 'storing the lead');
      else {
        // Another body under the same key: let the first finish, then the store answers (422 or stored).
        if (joined) await joined.work.catch(() => {});
        const entry = { bodyHash, work: run() };
        inFlight.set(key, entry);
        try {
          result = await entry.work;
        } finally {
          if (inFlight.get(key) === entry) inFlight.delete(key);
        }
      }
      if (result.outcome === 'stored') {
        const marked = spam || result.replayedToken === true;
        const why = verdict.reason ?? (result.replayedToken ? 'token used before' : undefined);
        logger.info('lead stored', { id: lead.id, ...(marked ? { spam: true, reason: why } : {}) });
        startForgetting();
        if (formUrl !== '' && !marked) {
          // After the answer, never on the visitor's time; a platform's waitUntil keeps it alive.
          startLoop();
          const delivering = loop.runOnce();
          waitUntil?.(delivering);
        }
      }
      return result;
    },
    async recordEvent(event: StoryEvent, prune: { eventsBefore: number; countsBefore: string }) {
      await (await getStore()).recordEvent(event, prune);
    },
    startLoop() {
      startLoop();
      startForgetting();
    },
    deliver: () => loop.runOnce(),
    async close(ownStore: boolean) {
      if (forgetTimer) clearInterval(forgetTimer);
      await loop.stop();
      const store = await opened?.catch(() => undefined);
      if (store && ownStore) await store.close();
    },
  };
}
