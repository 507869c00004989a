/**
 * The embedded default store: one SQLite file through `better-sqlite3` (an optional peer
 * dependency, loaded with a dynamic `import()` only when this store is opened).
 *
 * - WAL journal, `synchronous=FULL` (a commit is fsync'd before `accept` resolves), a busy
 *   timeout (`busyTimeoutMs`, default 5 s) so several processes on one machine share the file: a
 *   writer waits for another's transaction instead of failing at once.
 * - Group commit: the `accept` calls that arrive while a transaction runs are written together in
 *   the next single transaction (one fsync for the batch). Each lead still has its own key check
 *   and outbox entry inside that transaction, and none is acknowledged before the commit.
 * - better-sqlite3 is synchronous: a busy wait blocks this process's event loop for at most the
 *   busy timeout, which therefore is this store's bound on a store call.
 * - Rate limits: rate-limiter-flexible's RateLimiterMemory, per process (counters hold client
 *   addresses: they stay out of the leads file and vanish when their window ends).
 */
import type BetterSqlite3 from 'better-sqlite3';
import { errorName } from './delivery.js';
import { aliasedLeadColumns, LEAD_COLUMNS, leadFromRow, leadParams, leadPlaceholders, MIGRATIONS, MIGRATIONS_TABLE, type LeadRow } from './schema.js';
import { rateDecision } from './rate-limit.js';
import type { AcceptRequest, AcceptResult, Delivery, ExportedLead, ForwardAdapter, LeadStore, Logger } from './types.js';

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
  resolve: (result: AcceptResult) => void;
  reject: (error: unknown) => void;
}

export async function createSqliteStore(options: SqliteStoreOptions = {}): Promise<SqliteStore> {
  const [{ default: Database }, fs, path] = await Promise.all([
    import('better-sqlite3'),
    import('node:fs'),
    import('node:path'),
  ]);
  const file = path.resolve(options.file ?? process.env.LEADS_DB ?? path.join('.leads', 'leads.db'));
  const busyTimeoutMs = options.busyTimeoutMs ?? 5000;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, 'a', 0o600)); // create it owner-only; SQLite gives -wal and -shm the same mode

  const db: Db = new Database(file, { timeout: busyTimeoutMs });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  migrate(db);


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
    updateDelivery: db.prepare(
      'UPDATE deliveries SET status = ?, next_attempt_at = ?, lease_until = NULL, last_error = ?, finished_at = ? WHERE lead_id = ?',
    ),
    forget: db.prepare<[number]>('DELETE FROM idempotency_keys WHERE created_at < ?'),
    stats: db.prepare<[], { leads: number; forwarded: number; pending: number; failed: number }>(`
      SELECT (SELECT count(*) FROM leads) AS leads,
        (SELECT count(*) FROM deliveries WHERE status = 'delivered') AS forwarded,
        (SELECT count(*) FROM deliveries WHERE status = 'pending') AS pending,
        (SELECT count(*) FROM deliveries WHERE status = 'failed') AS failed`),
    page: db.prepare<[number], LeadRow & { seq: number; status: string | null; attempts: number | null }>(`
      SELECT l.seq, ${aliasedLeadColumns('l')}, d.status, d.attempts
      FROM leads l LEFT JOIN deliveries d ON d.lead_id = l.id
      WHERE l.seq > ? ORDER BY l.seq LIMIT 500`),
    attempts: db.prepare<[string], { attempt: number; started_at: number; duration_ms: number; outcome: string; http_status: number | null; error: string | null }>(
      'SELECT attempt, started_at, duration_ms, outcome, http_status, error FROM delivery_attempts WHERE lead_id = ? ORDER BY attempt',
    ),
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
    statements.insertLead.run(...leadParams(request.lead), request.spam === true ? 1 : 0);
    if (idempotency) {
      statements.insertKey.run(
        idempotency.key,
        idempotency.bodyHash,
        request.lead.id,
        request.answer.status,
        JSON.stringify(request.answer.body),
        request.now,
      );
    }
    if (request.delivery) {
      statements.insertDelivery.run(request.lead.id, request.delivery.adapter, request.delivery.url, request.now, request.now);
    }
    return { outcome: 'stored' };
  };
  const acceptBatch = db.transaction((batch: Pending[]) => batch.map((item) => acceptOne(item.request)));

  let queue: Pending[] = [];
  let scheduled = false;
  let closed = false;
  const flush = () => {
    scheduled = false;
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    let results: AcceptResult[];
    try {
      results = acceptBatch.immediate(batch);
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, i) => item.resolve(results[i]!));
  };

  const claim = db.transaction((now: number, leaseMs: number, limit: number): Delivery[] =>
    statements.claim.all({ now, until: now + leaseMs, limit }).flatMap((row) => {
      const lead = statements.leadById.get(row.lead_id);
      if (!lead) return [];
      return [{ lead: leadFromRow(lead), adapter: row.adapter as ForwardAdapter, url: row.url, attempt: row.attempts, createdAt: row.created_at }];
    }),
  );

  let limiterModule: Promise<typeof import('rate-limiter-flexible')> | undefined;

  const store: SqliteStore = {
    kind: 'sqlite',
    file,
    accept(request) {
      if (closed) return Promise.reject(new Error('the SQLite store is closed'));
      return new Promise<AcceptResult>((resolve, reject) => {
        queue.push({ request, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
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
      return claim.immediate(now, leaseMs, limit);
    },
    async recordAttempt(record) {
      db.transaction(() => {
        statements.insertAttempt.run(record.leadId, record.attempt, record.startedAt, record.durationMs, record.outcome, record.httpStatus ?? null, record.error ?? null);
        const { next } = record;
        statements.updateDelivery.run(
          next.status,
          next.status === 'pending' ? next.at : record.startedAt + record.durationMs,
          record.error ?? null,
          next.status === 'pending' ? null : record.startedAt + record.durationMs,
          record.leadId,
        );
      }).immediate();
    },
    async forgetKeys(before) {
      statements.forget.run(before);
    },
    async stats() {
      return { ...statements.stats.get()! };
    },
    async *exportLeads(): AsyncGenerator<ExportedLead> {
      let after = 0;
      for (;;) {
        const rows = statements.page.all(after);
        if (rows.length === 0) return;
        for (const row of rows) {
          yield { ...leadFromRow(row), forwardStatus: (row.status ?? 'none') as ExportedLead['forwardStatus'], forwardAttempts: row.attempts ?? 0 };
        }
        after = rows[rows.length - 1]!.seq;
      }
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
      flush();
      try {
        db.close();
      } catch (error) {
        options.logger?.warn('SQLite store did not close cleanly', { error: errorName(error) });
      }
    },
  };
  return store;
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
