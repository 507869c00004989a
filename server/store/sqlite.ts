/**
 * The default store: one SQLite file (sqlite-file.ts) through the optional peer `better-sqlite3`, with sql.ts's
 * statements. Group commit: `accept` calls arriving while a transaction runs are written together in the next one
 * (one fsync), none acknowledged before its commit.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { leadParams } from '../export.js';
import { errorName, TimeoutError } from '../errors.js';
import type { AcceptRequest, AcceptResult, LeadStore, Logger } from '../types.js';
import { memoryLimiter } from './rate-limit.js';
import { LEAD_COLUMNS, leadPlaceholders, type LeadRow } from './schema.js';
import { isBusy, MAX_BUSY_PAUSE_MS, openSqliteFile, sleep } from './sqlite-file.js';
import * as sql from './sql.js';

export interface SqliteStoreOptions {
  /** Default: env `LEADS_DB`, else `.leads/leads.db`. */
  file?: string;
  /** How long a write waits for another process. Default 5,000 ms. */
  busyTimeoutMs?: number;
  logger?: Logger;
}

export interface SqliteStore extends LeadStore {
  readonly file: string;
}

interface Pending {
  request: AcceptRequest;
  deadline: number;
  resolve: (result: AcceptResult) => void;
  reject: (error: unknown) => void;
}

type Row = Record<string, unknown>;

export async function createSqliteStore(options: SqliteStoreOptions = {}): Promise<SqliteStore> {
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  const { db, file, write, health, truncateLog, noteSuccess, noteFailure } = await openSqliteFile({ ...options, busyTimeoutMs });
  const prepared = new Map<string, BetterSqlite3.Statement<unknown[]>>();
  /** `$1`, `$2`… bound by number; booleans as numbers. */
  const statement = (text: string, params: readonly unknown[]) => {
    const compiled = prepared.get(text) ?? prepared.set(text, db.prepare(text)).get(text)!;
    const bound = params.length ? [Object.fromEntries(params.map((value, i) => [i + 1, typeof value === 'boolean' ? Number(value) : value]))] : [];
    return { run: () => compiled.run(...bound), all: () => compiled.all(...bound) as Row[] };
  };
  const run = (text: string, ...params: unknown[]) => statement(text, params).run().changes;
  const all = (text: string, ...params: unknown[]) => statement(text, params).all();
  const inTransaction = <T>(work: () => T) => write(() => db.transaction(work).immediate());
  const steps = (list: sql.Step[]) => inTransaction(() => list.reduce((_, [text, params]) => statement(text, params).run().changes, 0));

  const acceptOne = (request: AcceptRequest): AcceptResult => {
    const { idempotency, lead } = request;
    if (idempotency) {
      const [row] = all('SELECT body_hash, status, answer, created_at FROM idempotency_keys WHERE key = $1', idempotency.key);
      if (row && Number(row.created_at) >= idempotency.forgetBefore) {
        if (row.body_hash !== idempotency.bodyHash) return { outcome: 'key_reused' };
        return { outcome: 'replayed', answer: { status: Number(row.status), body: JSON.parse(String(row.answer)) } };
      }
      if (row) run('DELETE FROM idempotency_keys WHERE key = $1', idempotency.key);
    }
    const replayedToken = request.tokenNonce !== undefined && run(USE_TOKEN, request.tokenNonce, request.now) === 0;
    const spam = request.spam === true || replayedToken;
    run(INSERT_LEAD, ...leadParams(lead), spam);
    run(sql.COUNT, ...sql.countParams(lead, spam ? 'spam' : 'lead'));
    if (idempotency) run(INSERT_KEY, idempotency.key, idempotency.bodyHash, lead.id, request.answer.status, JSON.stringify(request.answer.body), request.now);
    if (request.delivery && !replayedToken) {
      run(INSERT_DELIVERY, lead.id, request.delivery.adapter, request.delivery.url, request.now);
      run(sql.COUNT, ...sql.countParams(lead, 'pending'));
      run(sql.COUNT_DESTINATION, request.delivery.adapter, request.delivery.url);
    }
    return replayedToken ? { outcome: 'stored', replayedToken } : { outcome: 'stored' };
  };
  const acceptBatch = db.transaction((batch: Pending[]) => batch.map((item) => acceptOne(item.request)));

  let queue: Pending[] = [];
  let flushing = false;
  let closed = false;
  /** A locked database puts the batch back; a lead past its deadline (answered 503) is dropped, never written later. */
  const flush = async () => {
    if (flushing) return;
    flushing = true;
    try {
      for (let pause = 2; queue.length > 0;) {
        const now = Date.now();
        const batch = queue.filter((item) => item.deadline > now);
        for (const item of queue) if (item.deadline <= now) item.reject(new TimeoutError('the database stayed locked past the request deadline'));
        queue = [];
        if (batch.length === 0) break;
        try {
          const results = acceptBatch.immediate(batch);
          noteSuccess();
          batch.forEach((item, i) => item.resolve(results[i]!));
          pause = 2;
        } catch (error) {
          if (isBusy(error) && !closed) {
            queue = [...batch, ...queue];
            await sleep(pause);
            pause = Math.min(pause * 2, MAX_BUSY_PAUSE_MS);
            continue;
          }
          noteFailure(error);
          for (const item of batch) item.reject(error);
        }
      }
    } finally {
      flushing = false;
    }
  };

  return {
    kind: 'sqlite',
    file,
    ...sql.sharedMethods(async (text, ...params) => all(text, ...params), steps, truncateLog),
    accept(request) {
      if (closed) return Promise.reject(new Error('the SQLite store is closed'));
      return new Promise<AcceptResult>((resolve, reject) => {
        queue.push({ request, resolve, reject, deadline: request.deadline ?? Date.now() + busyTimeoutMs });
        if (!flushing) setImmediate(() => void flush());
      });
    },
    rateLimiter: memoryLimiter,
    claimDeliveries: ({ now, leaseMs, limit }) =>
      inTransaction(() =>
        sql.claimed(all(sql.claim(false), now, now + leaseMs, limit) as Parameters<typeof sql.claimed>[0], all(sql.CLAIMED_LEADS, now + leaseMs) as LeadRow[]),
      ),
    health,
    recordEvent: (event, prune) =>
      inTransaction(() => {
        for (const [text, params] of sql.pruneEvents(prune)) statement(text, params).run();
        if (run(sql.INSERT_EVENT, event.id, event.type, event.at) === 0) return false;
        run(sql.COUNT_EVENT, event.day, event.type, event.story, event.utmSource, event.utmCampaign);
        return true;
      }),
    async close() {
      if (closed) return;
      closed = true;
      await flush();
      try {
        db.close();
      } catch (error) {
        options.logger?.warn('SQLite store did not close cleanly', { error: errorName(error) });
      }
    },
  };
}

const USE_TOKEN = 'INSERT INTO used_tokens (nonce, used_at) VALUES ($1, $2) ON CONFLICT (nonce) DO NOTHING';
const INSERT_LEAD = `INSERT INTO leads (${LEAD_COLUMNS}, spam) VALUES (${leadPlaceholders()}, $${LEAD_COLUMNS.split(',').length + 1})`;
const INSERT_KEY = 'INSERT INTO idempotency_keys (key, body_hash, lead_id, status, answer, created_at) VALUES ($1, $2, $3, $4, $5, $6)';
const INSERT_DELIVERY =
  "INSERT INTO deliveries (lead_id, adapter, url, status, attempts, created_at, next_attempt_at) VALUES ($1, $2, $3, 'pending', 0, $4, $4)";
