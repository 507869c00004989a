/**
 * The embedded default store: one SQLite file through `better-sqlite3` (an optional peer
 * dependency, loaded with a dynamic `import()` only when this store is opened).
 *
 * - WAL journal, `synchronous=FULL` (a commit is fsync'd before `accept` resolves). Several
 *   processes on one machine share the file: a writer that finds it locked retries with short
 *   pauses (`retryWhileBusy`) for up to `busyTimeoutMs` (default 5 s) or the request's deadline.
 * - Group commit: the `accept` calls that arrive while a transaction runs are written together in
 *   the next single transaction (one fsync for the batch). Each lead still has its own key check
 *   and outbox entry inside that transaction, and none is acknowledged before the commit.
 * - better-sqlite3 is synchronous, and SQLite's own busy timeout would wait inside the call with
 *   the event loop blocked (every request, health checks included, waited with it). So the
 *   connection's busy timeout is 0: a locked database answers SQLITE_BUSY at once, and the waiting
 *   happens between attempts, on timers.
 * - A full disk: the WAL is kept small (`journal_size_limit`) and checkpointed as soon as a write
 *   fails for lack of space, so the store recovers as soon as space is freed; `health()` says so.
 * - Rate limits: rate-limiter-flexible's RateLimiterMemory, per process (counters hold client
 *   addresses: they stay out of the leads file and vanish when their window ends).
 */
import type BetterSqlite3 from 'better-sqlite3';
import { errorName } from './delivery.js';
import { TimeoutError } from './timeout.js';
import { aliasedLeadColumns, LEAD_COLUMNS, leadFromRow, leadParams, leadPlaceholders, MIGRATIONS, MIGRATIONS_TABLE, type LeadRow } from './schema.js';
import { rateDecision } from './rate-limit.js';
import type { AcceptRequest, AcceptResult, Delivery, ExportedLead, ForwardAdapter, LeadStore, Logger } from './types.js';
import { importDriver } from './driver.js';

export interface SqliteStoreOptions {
  /** The database file. Default: env `LEADS_DB`, else `.leads/leads.db` (relative to the working directory). */
  file?: string;
  /** How long a write waits for another process's transaction. Default 5,000 ms. */
  busyTimeoutMs?: number;
  logger?: Logger;
}

export interface SqliteStore extends LeadStore {
  /** Absolute path of the database file. */
  readonly file: string;
}

type Db = BetterSqlite3.Database;

interface Pending {
  request: AcceptRequest;
  /** Real time (ms) after which the lead must not be written any more. */
  deadline: number;
  resolve: (result: AcceptResult) => void;
  reject: (error: unknown) => void;
}

/** Every lead in exactly one bucket (LeadStats). */
const STATS_SQL = `
  SELECT count(*) AS leads,
    count(*) FILTER (WHERE d.status = 'delivered') AS forwarded,
    count(*) FILTER (WHERE d.status = 'pending') AS pending,
    count(*) FILTER (WHERE d.status = 'failed') AS failed,
    count(*) FILTER (WHERE d.status IS NULL AND NOT l.spam) AS "notForwarded",
    count(*) FILTER (WHERE l.spam AND d.status IS NULL) AS spam
  FROM leads l LEFT JOIN deliveries d ON d.lead_id = l.id`;

export async function createSqliteStore(options: SqliteStoreOptions = {}): Promise<SqliteStore> {
  const [{ default: Database }, fs, path] = await Promise.all([
    importDriver('better-sqlite3', () => import('better-sqlite3')),
    import('node:fs'),
    import('node:path'),
  ]);
  const file = path.resolve(options.file ?? process.env.LEADS_DB ?? path.join('.leads', 'leads.db'));
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, 'a', 0o600)); // create it owner-only; SQLite gives -wal and -shm the same mode

  const db: Db = new Database(file, { timeout: 0 });
  await retryWhileBusy(() => db.pragma('journal_mode = WAL'), Date.now() + busyTimeoutMs);
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  // Deleted rows are overwritten with zeros, not left in free pages: an erased email is gone from the file.
  db.pragma('secure_delete = ON');
  // A WAL that may grow only so far, and is reset after each checkpoint: a small disk is not filled by it.
  db.pragma(`journal_size_limit = ${4 * 1024 * 1024}`);
  await retryWhileBusy(() => migrate(db), Date.now() + busyTimeoutMs);
  let diskFull = false;
  /** After SQLITE_FULL: a checkpoint moves the WAL into the file and truncates it, freeing what it can. */
  const noteFailure = (error: unknown) => {
    if ((error as { code?: string }).code !== 'SQLITE_FULL') return;
    diskFull = true;
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      // Still no room; the next write tries again.
    }
  };
  /** A store call that waits out another process's lock without blocking the event loop. */
  const write = <T>(work: () => T, deadline = Date.now() + busyTimeoutMs): Promise<T> =>
    retryWhileBusy(work, deadline).then(
      (result) => {
        diskFull = false;
        return result;
      },
      (error: unknown) => {
        noteFailure(error);
        throw error;
      },
    );

  const statements = {
    selectKey: db.prepare<[string], { body_hash: string; status: number; answer: string; created_at: number }>(
      'SELECT body_hash, status, answer, created_at FROM idempotency_keys WHERE key = ?',
    ),
    deleteKey: db.prepare<[string]>('DELETE FROM idempotency_keys WHERE key = ?'),
    insertLead: db.prepare<(string | number)[]>(`INSERT INTO leads (${LEAD_COLUMNS}, spam) VALUES (${leadPlaceholders('sqlite')}, ?)`),
    insertKey: db.prepare<[string, string, string, number, string, number]>(
      'INSERT INTO idempotency_keys (key, body_hash, lead_id, status, answer, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    insertDelivery: db.prepare<[string, string, string, number, number]>(
      "INSERT INTO deliveries (lead_id, adapter, url, status, attempts, created_at, next_attempt_at) VALUES (?, ?, ?, 'pending', 0, ?, ?)",
    ),
    claim: db.prepare<{ now: number; until: number; limit: number }, { lead_id: string; adapter: string; url: string; attempts: number; created_at: number }>(`
      UPDATE deliveries SET lease_until = @until, attempts = attempts + 1
      WHERE lead_id IN (
        SELECT lead_id FROM deliveries
        WHERE status = 'pending' AND next_attempt_at <= @now AND (lease_until IS NULL OR lease_until <= @now)
        ORDER BY next_attempt_at LIMIT @limit
      )
      RETURNING lead_id, adapter, url, attempts, created_at`),
    leadById: db.prepare<[string], LeadRow>(`SELECT ${LEAD_COLUMNS} FROM leads WHERE id = ?`),
    insertAttempt: db.prepare(
      'INSERT OR REPLACE INTO delivery_attempts (lead_id, attempt, started_at, duration_ms, outcome, http_status, error) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    updateDelivery: db.prepare('UPDATE deliveries SET status = ?, next_attempt_at = ?, lease_until = NULL, last_error = ?, finished_at = ? WHERE lead_id = ?'),
    forgetKeys: db.prepare<[number]>('DELETE FROM idempotency_keys WHERE created_at < ?'),
    forgetTokens: db.prepare<[number]>('DELETE FROM used_tokens WHERE used_at < ?'),
    useToken: db.prepare<[string, number]>('INSERT OR IGNORE INTO used_tokens (nonce, used_at) VALUES (?, ?)'),
    addSecret: db.prepare<[string, string]>('INSERT OR IGNORE INTO secrets (name, value) VALUES (?, ?)'),
    secret: db.prepare<[string], { value: string }>('SELECT value FROM secrets WHERE name = ?'),
    stats: db.prepare<[], { leads: number; forwarded: number; pending: number; failed: number; notForwarded: number; spam: number }>(STATS_SQL),
    page: db.prepare<[number, number], LeadRow & { seq: number; status: string | null; attempts: number | null; spam: number }>(`
      SELECT l.seq, ${aliasedLeadColumns('l')}, l.spam, d.status, d.attempts
      FROM leads l LEFT JOIN deliveries d ON d.lead_id = l.id
      WHERE l.seq > ? AND (l.spam = 0 OR ?) ORDER BY l.seq LIMIT 500`),
    forget: db.prepare<[string]>('DELETE FROM leads WHERE lower(email) = lower(?)'),
    prune: db.prepare<[string]>('DELETE FROM leads WHERE received_at < ?'),
    insertEvent: db.prepare<[string, string, number]>('INSERT OR IGNORE INTO events (id, type, at) VALUES (?, ?, ?)'),
    countEvent: db.prepare<[string, string, string, string, string]>(
      `INSERT INTO event_counts (day, type, page_url, utm_source, utm_campaign, count) VALUES (?, ?, ?, ?, ?, 1)
       ON CONFLICT (day, type, page_url, utm_source, utm_campaign) DO UPDATE SET count = count + 1`,
    ),
    pruneEvents: db.prepare<[number]>('DELETE FROM events WHERE at < ?'),
    eventCounts: db.prepare<[string], { day: string; type: 'view' | 'open'; page_url: string; utm_source: string; utm_campaign: string; count: number }>(
      'SELECT day, type, page_url, utm_source, utm_campaign, count FROM event_counts WHERE day >= ? ORDER BY day',
    ),
    lastDeliveryError: db.prepare<[], { last_error: string | null }>(
      "SELECT last_error FROM deliveries WHERE status = 'failed' ORDER BY finished_at DESC LIMIT 1",
    ),
    attempts: db.prepare<
      [string],
      { attempt: number; started_at: number; duration_ms: number; outcome: string; http_status: number | null; error: string | null }
    >('SELECT attempt, started_at, duration_ms, outcome, http_status, error FROM delivery_attempts WHERE lead_id = ? ORDER BY attempt'),
  };

  const acceptOne = (request: AcceptRequest): AcceptResult => {
    const { idempotency } = request;
    if (idempotency) {
      const row = statements.selectKey.get(idempotency.key);
      if (row && row.created_at >= idempotency.forgetBefore) {
        if (row.body_hash !== idempotency.bodyHash) return { outcome: 'key_reused' };
        return { outcome: 'replayed', answer: { status: row.status, body: JSON.parse(row.answer) } };
      }
      if (row) statements.deleteKey.run(idempotency.key);
    }
    const replayedToken = request.tokenNonce !== undefined && statements.useToken.run(request.tokenNonce, request.now).changes === 0;
    statements.insertLead.run(...leadParams(request.lead), request.spam === true || replayedToken ? 1 : 0);
    if (idempotency) {
      statements.insertKey.run(idempotency.key, idempotency.bodyHash, request.lead.id, request.answer.status, JSON.stringify(request.answer.body), request.now);
    }
    if (request.delivery && !replayedToken) {
      statements.insertDelivery.run(request.lead.id, request.delivery.adapter, request.delivery.url, request.now, request.now);
    }
    return replayedToken ? { outcome: 'stored', replayedToken } : { outcome: 'stored' };
  };
  const acceptBatch = db.transaction((batch: Pending[]) => batch.map((item) => acceptOne(item.request)));

  let queue: Pending[] = [];
  let flushing = false;
  let closed = false;
  /**
   * Writes what is queued in one transaction. A locked database puts the batch back and tries
   * again after a pause; a lead whose deadline has passed is dropped first (its request has
   * answered 503), so nothing is written after its visitor was told it was not.
   */
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
        let results: AcceptResult[];
        try {
          results = acceptBatch.immediate(batch);
        } catch (error) {
          if (isBusy(error) && !closed) {
            queue = [...batch, ...queue];
            await sleep(pause);
            pause = Math.min(pause * 2, MAX_BUSY_PAUSE_MS);
            continue;
          }
          noteFailure(error);
          for (const item of batch) item.reject(error);
          continue;
        }
        diskFull = false;
        batch.forEach((item, i) => item.resolve(results[i]!));
        pause = 2;
      }
    } finally {
      flushing = false;
    }
  };

  const claim = db.transaction((now: number, leaseMs: number, limit: number): Delivery[] =>
    statements.claim.all({ now, until: now + leaseMs, limit }).flatMap((row) => {
      const lead = statements.leadById.get(row.lead_id);
      if (!lead) return [];
      return [{ lead: leadFromRow(lead), adapter: row.adapter as ForwardAdapter, url: row.url, attempt: row.attempts, createdAt: row.created_at }];
    }),
  );

  /**
   * After an erasure: the write-ahead log still holds the erased rows' earlier page images, so the
   * log is checkpointed into the file (where secure_delete zeroed them) and truncated to nothing.
   * Another process reading at that moment keeps the log; the erasure retries until the deadline.
   */
  const truncateLog = async () => {
    const deadline = Date.now() + busyTimeoutMs;
    for (let pause = 2; ; pause = Math.min(pause * 2, MAX_BUSY_PAUSE_MS)) {
      const [result] = await write(() => db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[], deadline);
      if (!result || result.busy === 0) return;
      if (Date.now() + pause > deadline) {
        options.logger?.warn('erased, but the write-ahead log could not be truncated yet: another process is reading the database');
        return;
      }
      await sleep(pause);
    }
  };

  let limiterModule: Promise<typeof import('rate-limiter-flexible')> | undefined;

  const store: SqliteStore = {
    kind: 'sqlite',
    file,
    accept(request) {
      if (closed) return Promise.reject(new Error('the SQLite store is closed'));
      return new Promise<AcceptResult>((resolve, reject) => {
        queue.push({ request, resolve, reject, deadline: request.deadline ?? Date.now() + busyTimeoutMs });
        // The calls that arrive while this one waits for the next tick are written with it.
        if (!flushing) setImmediate(() => void flush());
      });
    },
    rateLimiter({ points, durationSeconds }) {
      // In memory, never in the leads file: counters hold client addresses, a full disk must not
      // refuse leads because of them, and they vanish with their window.
      limiterModule ??= import('rate-limiter-flexible');
      const limiter = limiterModule.then(({ RateLimiterMemory }) => new RateLimiterMemory({ points, duration: durationSeconds }));
      return { consume: async (client) => rateDecision(() => limiter.then((l) => l.consume(client))) };
    },
    async claimDeliveries({ now, leaseMs, limit }) {
      return write(() => claim.immediate(now, leaseMs, limit));
    },
    async recordAttempt(record) {
      await write(() =>
        db
          .transaction(() => {
            statements.insertAttempt.run(
              record.leadId,
              record.attempt,
              record.startedAt,
              record.durationMs,
              record.outcome,
              record.httpStatus ?? null,
              record.error ?? null,
            );
            const { next } = record;
            statements.updateDelivery.run(
              next.status,
              next.status === 'pending' ? next.at : record.startedAt + record.durationMs,
              record.error ?? null,
              next.status === 'pending' ? null : record.startedAt + record.durationMs,
              record.leadId,
            );
          })
          .immediate(),
      );
    },
    async forgetKeys(before) {
      await write(() => {
        statements.forgetKeys.run(before);
        statements.forgetTokens.run(before);
      });
    },
    async secret(name, create) {
      return write(() =>
        db
          .transaction(() => {
            statements.addSecret.run(name, create());
            return statements.secret.get(name)!.value;
          })
          .immediate(),
      );
    },
    async stats() {
      return { ...statements.stats.get()! };
    },
    async health() {
      if (diskFull) return { ok: false as const, problem: 'disk full: free space on the volume that holds the leads file' };
      // A write lock taken and given back at once: fails while another process holds the database.
      try {
        db.exec('BEGIN IMMEDIATE');
        db.exec('ROLLBACK');
      } catch (error) {
        if (isBusy(error)) return { ok: false as const, problem: 'database locked by another process: leads wait for it and are refused after 5 s' };
        if (/^SQLITE_(READONLY|CANTOPEN|IOERR)/.test(String((error as { code?: unknown }).code))) {
          return { ok: false as const, problem: `the leads file cannot be written (${errorName(error)})` };
        }
        throw error;
      }
      try {
        fs.accessSync(file, fs.constants.W_OK);
        fs.accessSync(path.dirname(file), fs.constants.W_OK);
      } catch {
        return { ok: false as const, problem: 'the leads file or its folder cannot be written: check their permissions' };
      }
      return { ok: true as const };
    },
    async *exportLeads({ includeSpam = false } = {}): AsyncGenerator<ExportedLead> {
      let after = 0;
      for (;;) {
        const rows = statements.page.all(after, includeSpam ? 1 : 0);
        if (rows.length === 0) return;
        for (const row of rows) {
          yield {
            ...leadFromRow(row),
            forwardStatus: (row.status ?? 'none') as ExportedLead['forwardStatus'],
            forwardAttempts: row.attempts ?? 0,
            spam: row.spam === 1,
          };
        }
        after = rows[rows.length - 1]!.seq;
      }
    },
    async forget(email) {
      const erased = await write(() => db.transaction(() => statements.forget.run(email.trim()).changes).immediate());
      await truncateLog();
      return erased;
    },
    async prune(before) {
      const erased = await write(() => db.transaction(() => statements.prune.run(new Date(before).toISOString()).changes).immediate());
      await truncateLog();
      return erased;
    },
    async recordEvent(event, pruneBefore) {
      return write(() =>
        db
          .transaction(() => {
            statements.pruneEvents.run(pruneBefore);
            if (statements.insertEvent.run(event.id, event.type, event.at).changes === 0) return false;
            statements.countEvent.run(event.day, event.type, event.pageUrl, event.utmSource, event.utmCampaign);
            return true;
          })
          .immediate(),
      );
    },
    async eventCounts(sinceDay) {
      return statements.eventCounts
        .all(sinceDay)
        .map((row) => ({ day: row.day, type: row.type, pageUrl: row.page_url, utmSource: row.utm_source, utmCampaign: row.utm_campaign, count: row.count }));
    },
    async lastDeliveryError() {
      return statements.lastDeliveryError.get()?.last_error ?? undefined;
    },
    async attempts(leadId) {
      return statements.attempts.all(leadId).map((row) => ({
        leadId,
        attempt: row.attempt,
        startedAt: row.started_at,
        durationMs: row.duration_ms,
        outcome: row.outcome as 'delivered' | 'failed',
        ...(row.http_status === null ? {} : { httpStatus: row.http_status }),
        ...(row.error === null ? {} : { error: row.error }),
      }));
    },
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
  return store;
}

const MAX_BUSY_PAUSE_MS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isBusy = (error: unknown) => /^SQLITE_(BUSY|LOCKED)/.test(String((error as { code?: unknown }).code));

/** Runs `work` until it does not find the database locked, pausing between tries; past `deadline`, throws. */
async function retryWhileBusy<T>(work: () => T, deadline: number): Promise<T> {
  for (let pause = 2; ; pause = Math.min(pause * 2, MAX_BUSY_PAUSE_MS)) {
    try {
      return work();
    } catch (error) {
      if (!isBusy(error) || Date.now() + pause > deadline) throw error;
      await sleep(pause);
    }
  }
}

/** Applies every migration not yet applied, under the write lock. */
function migrate(db: Db): void {
  db.transaction(() => {
    db.exec(MIGRATIONS_TABLE.sqlite);
    const row = db.prepare('SELECT max(version) AS version FROM schema_migrations').get() as { version: number | null };
    const applied = row.version ?? 0;
    for (const migration of MIGRATIONS) {
      if (migration.version <= applied) continue;
      db.exec(migration.sqlite);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(migration.version, migration.name, Date.now());
    }
  }).immediate();
}
