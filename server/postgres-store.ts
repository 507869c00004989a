/**
 * The store for many instances, many machines or serverless: PostgreSQL through `pg` (an optional
 * peer dependency, loaded with a dynamic `import()` only when this store is opened).
 *
 * - `accept` is ONE statement (data-modifying CTEs), so one round trip and one commit write the
 *   Idempotency-Key, the lead and its outbox entry together. `INSERT … ON CONFLICT (key) DO NOTHING`
 *   makes a concurrent request with the same key wait for the first transaction, then see its row:
 *   in-flight duplicates join the first and replay its answer, on any instance.
 * - Outbox entries are claimed with `FOR UPDATE SKIP LOCKED` and a lease, so several instances
 *   deliver side by side without sending one entry twice at once.
 * - Rate limits: rate-limiter-flexible's RateLimiterPostgres on the same pool and database.
 * - Every query carries a `statement_timeout` and the pool a connection time-out, so a hung
 *   database surfaces as an error (the handler answers 503), never as a hung request.
 */
import type { Pool } from 'pg';
import { errorName } from './delivery.js';
import { rateDecision } from './rate-limit.js';
import { aliasedLeadColumns, LEAD_COLUMNS, leadFromRow, leadParams, leadPlaceholders, MIGRATIONS, MIGRATIONS_TABLE, type LeadRow } from './schema.js';
import type { AcceptResult, ExportedLead, ForwardAdapter, LeadStats, LeadStore, Logger } from './types.js';
import { importDriver } from './driver.js';

/**
 * A `pg` Pool (`new pg.Pool()` is one), as the published types name it: what the store calls, and
 * no more, so a consumer type-checks without `pg`'s typings.
 */
export interface PostgresPool {
  query(text: string, values?: unknown[]): Promise<unknown>;
  connect(): Promise<unknown>;
  end(): Promise<void>;
}

export interface PostgresStoreOptions {
  /** `postgres://user:password@host:port/database`. Default: env `DATABASE_URL`. */
  connectionString?: string;
  /** Bring your own `pg` Pool instead (it is not closed by `close()`). */
  pool?: PostgresPool;
  /** Connections in the pool. Default 10. */
  max?: number;
  /** Longest a statement may run, and a connection may take to open. Default 5,000 ms. */
  timeoutMs?: number;
  logger?: Logger;
}

export interface PostgresStore extends LeadStore {
  readonly pool: PostgresPool;
}

/** The tables that hold a lead or anything about it. */
const LEAD_TABLES = ['leads', 'idempotency_keys', 'deliveries', 'delivery_attempts'];

/** Key for pg_advisory_xact_lock: one migrator at a time. */
const MIGRATION_LOCK = 7_261_623_301;

/**
 * Parameters: $1 key, $2 body hash, $3 answer status, $4 answer, $5 now, $6 adapter, $7 url,
 * $8 spam, $9 the spam token's nonce, then the lead's columns (LEAD_COLUMNS order, the lead's id
 * first) from $10. A nonce already used stores the lead as spam, without an outbox entry.
 */
const LEAD_FROM = 10;
const ACCEPT_SQL = `
WITH new_key AS (
  INSERT INTO idempotency_keys (key, body_hash, lead_id, status, answer, created_at)
  SELECT $1::text, $2::text, $${LEAD_FROM}::text, $3::int, $4::text, $5::bigint WHERE $1::text IS NOT NULL
  ON CONFLICT (key) DO NOTHING
  RETURNING key
), new_token AS (
  INSERT INTO used_tokens (nonce, used_at)
  SELECT $9::text, $5::bigint WHERE $9::text IS NOT NULL AND ($1::text IS NULL OR EXISTS (SELECT 1 FROM new_key))
  ON CONFLICT (nonce) DO NOTHING
  RETURNING nonce
), replayed AS (
  SELECT $9::text IS NOT NULL AND NOT EXISTS (SELECT 1 FROM new_token) AS token
), new_lead AS (
  INSERT INTO leads (${LEAD_COLUMNS}, spam)
  SELECT ${leadPlaceholders('postgres', LEAD_FROM).replace(/\$\d+/g, '$&::text')}, $8::boolean OR (SELECT token FROM replayed)
  WHERE $1::text IS NULL OR EXISTS (SELECT 1 FROM new_key)
  RETURNING id
), new_delivery AS (
  INSERT INTO deliveries (lead_id, adapter, url, status, attempts, created_at, next_attempt_at)
  SELECT id, $6::text, $7::text, 'pending', 0, $5::bigint, $5::bigint FROM new_lead WHERE $6::text IS NOT NULL AND NOT (SELECT token FROM replayed)
  RETURNING lead_id
)
SELECT (SELECT count(*) FROM new_lead)::int AS stored, (SELECT token FROM replayed) AS replayed_token`;

export async function createPostgresStore(options: PostgresStoreOptions = {}): Promise<PostgresStore> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const logger = options.logger ?? console;
  // The option's type is the published stand-in for pg's Pool; the store uses pg's own.
  let pool = options.pool as Pool | undefined;
  if (!pool) {
    const connectionString = options.connectionString ?? process.env.DATABASE_URL;
    if (!connectionString) throw new TypeError('createPostgresStore: pass connectionString or set DATABASE_URL');
    const { default: pg } = await importDriver('pg', () => import('pg'));
    pool = new pg.Pool({
      connectionString,
      max: options.max ?? 10,
      connectionTimeoutMillis: timeoutMs,
      statement_timeout: timeoutMs,
      query_timeout: timeoutMs + 1000,
      idleTimeoutMillis: 30_000,
    });
    // An idle connection that breaks (server restart) must not crash the process.
    pool.on('error', (error) => logger.warn('PostgreSQL connection lost', { error: errorName(error) }));
  }
  const ownPool = !options.pool;
  const db = pool;
  await migrate(db);

  /**
   * A DELETE leaves the rows' bytes in the table and index pages, and a plain VACUUM only marks
   * that space free (2 of 3 erased addresses were still in the pages after it). VACUUM FULL
   * rewrites the lead tables and their indexes without them. It locks those tables while it runs
   * (milliseconds for thousands of leads; a lead arriving meanwhile waits within its deadline).
   * What stays: the write-ahead log segments until PostgreSQL recycles them, and backups.
   */
  const vacuum = async () => {
    try {
      await db.query(`VACUUM FULL ${LEAD_TABLES.join(', ')}`);
    } catch (error) {
      logger.warn('erased, but VACUUM FULL of the lead tables did not finish: run it as their owner', { error: errorName(error) });
    }
  };

  let limiterModule: Promise<typeof import('rate-limiter-flexible')> | undefined;

  const store: PostgresStore = {
    kind: 'postgres',
    pool: db,
    async accept(request): Promise<AcceptResult> {
      const { idempotency, lead, delivery } = request;
      const params = [
        idempotency?.key ?? null,
        idempotency?.bodyHash ?? null,
        request.answer.status,
        JSON.stringify(request.answer.body),
        request.now,
        delivery?.adapter ?? null,
        delivery?.url ?? null,
        request.spam === true,
        request.tokenNonce ?? null,
        ...leadParams(lead),
      ];
      for (let tries = 0; tries < 5; tries++) {
        const { rows } = await db.query<{ stored: number; replayed_token: boolean }>(ACCEPT_SQL, params);
        if (rows[0]!.stored === 1 || !idempotency) return rows[0]!.replayed_token ? { outcome: 'stored', replayedToken: true } : { outcome: 'stored' };
        const existing = await db.query<{ body_hash: string; status: number; answer: string; created_at: string }>(
          'SELECT body_hash, status, answer, created_at FROM idempotency_keys WHERE key = $1',
          [idempotency.key],
        );
        const row = existing.rows[0];
        if (!row) continue; // forgotten meanwhile: try the insert again
        if (Number(row.created_at) < idempotency.forgetBefore) {
          await db.query('DELETE FROM idempotency_keys WHERE key = $1 AND created_at < $2', [idempotency.key, idempotency.forgetBefore]);
          continue;
        }
        if (row.body_hash !== idempotency.bodyHash) return { outcome: 'key_reused' };
        return { outcome: 'replayed', answer: { status: row.status, body: JSON.parse(row.answer) } };
      }
      throw new Error('idempotency key kept changing under this request');
    },
    rateLimiter({ points, durationSeconds }) {
      limiterModule ??= import('rate-limiter-flexible');
      const limiter = limiterModule.then(
        ({ RateLimiterPostgres }) =>
          new RateLimiterPostgres({
            storeClient: db,
            tableName: 'rate_limits',
            tableCreated: true,
            keyPrefix: 'lead',
            points,
            duration: durationSeconds,
          }),
      );
      return { consume: (client) => rateDecision(() => limiter.then((l) => l.consume(client))) };
    },
    async claimDeliveries({ now, leaseMs, limit }) {
      const { rows } = await db.query<LeadRow & { adapter: string; url: string; attempts: number; created_at: string }>(
        `WITH due AS (
           SELECT lead_id FROM deliveries
           WHERE status = 'pending' AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
           ORDER BY next_attempt_at LIMIT $3
           FOR UPDATE SKIP LOCKED
         )
         UPDATE deliveries d SET lease_until = $2, attempts = d.attempts + 1
         FROM due, leads l
         WHERE d.lead_id = due.lead_id AND l.id = d.lead_id
         RETURNING d.adapter, d.url, d.attempts, d.created_at, ${aliasedLeadColumns('l')}`,
        [now, now + leaseMs, limit],
      );
      return rows.map((row) => ({
        lead: leadFromRow(row),
        adapter: row.adapter as ForwardAdapter,
        url: row.url,
        attempt: row.attempts,
        createdAt: Number(row.created_at),
      }));
    },
    async recordAttempt(record) {
      const { next } = record;
      const finishedAt = record.startedAt + record.durationMs;
      await db.query(
        `WITH attempt AS (
           INSERT INTO delivery_attempts (lead_id, attempt, started_at, duration_ms, outcome, http_status, error)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT (lead_id, attempt) DO UPDATE SET started_at = EXCLUDED.started_at, duration_ms = EXCLUDED.duration_ms,
             outcome = EXCLUDED.outcome, http_status = EXCLUDED.http_status, error = EXCLUDED.error
         )
         UPDATE deliveries SET status = $8, next_attempt_at = $9, lease_until = NULL, last_error = $7, finished_at = $10
         WHERE lead_id = $1`,
        [
          record.leadId,
          record.attempt,
          record.startedAt,
          record.durationMs,
          record.outcome,
          record.httpStatus ?? null,
          record.error ?? null,
          next.status,
          next.status === 'pending' ? next.at : finishedAt,
          next.status === 'pending' ? null : finishedAt,
        ],
      );
    },
    async recordEvent(event, pruneBefore) {
      await db.query('DELETE FROM events WHERE at < $1', [pruneBefore]);
      // One statement: the count grows only when the raw event was new (a duplicate inserts nothing).
      const { rows } = await db.query<{ counted: number }>(
        `WITH fresh AS (
           INSERT INTO events (id, type, at) VALUES ($1, $2, $3) ON CONFLICT (id, type) DO NOTHING RETURNING 1
         ), counted AS (
           INSERT INTO event_counts (day, type, page_url, utm_source, utm_campaign, count)
           SELECT $4, $2, $5, $6, $7, 1 FROM fresh
           ON CONFLICT (day, type, page_url, utm_source, utm_campaign) DO UPDATE SET count = event_counts.count + 1
           RETURNING 1
         )
         SELECT count(*)::int AS counted FROM counted`,
        [event.id, event.type, event.at, event.day, event.pageUrl, event.utmSource, event.utmCampaign],
      );
      return rows[0]!.counted > 0;
    },
    async eventCounts(sinceDay) {
      const { rows } = await db.query<{ day: string; type: 'view' | 'open'; page_url: string; utm_source: string; utm_campaign: string; count: number }>(
        'SELECT day, type, page_url, utm_source, utm_campaign, count FROM event_counts WHERE day >= $1 ORDER BY day',
        [sinceDay],
      );
      return rows.map((row) => ({
        day: row.day,
        type: row.type,
        pageUrl: row.page_url,
        utmSource: row.utm_source,
        utmCampaign: row.utm_campaign,
        count: row.count,
      }));
    },
    async lastDeliveryError() {
      const { rows } = await db.query<{ last_error: string | null }>(
        "SELECT last_error FROM deliveries WHERE status = 'failed' ORDER BY finished_at DESC LIMIT 1",
      );
      return rows[0]?.last_error ?? undefined;
    },
    async forgetKeys(before) {
      await db.query('DELETE FROM idempotency_keys WHERE created_at < $1', [before]);
      await db.query('DELETE FROM used_tokens WHERE used_at < $1', [before]);
    },
    async secret(name, create) {
      await db.query('INSERT INTO secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, create()]);
      const { rows } = await db.query<{ value: string }>('SELECT value FROM secrets WHERE name = $1', [name]);
      return rows[0]!.value;
    },
    async stats() {
      // Every lead in exactly one bucket (LeadStats).
      const { rows } = await db.query<LeadStats>(`
        SELECT count(*)::int AS leads,
          (count(*) FILTER (WHERE d.status = 'delivered'))::int AS forwarded,
          (count(*) FILTER (WHERE d.status = 'pending'))::int AS pending,
          (count(*) FILTER (WHERE d.status = 'failed'))::int AS failed,
          (count(*) FILTER (WHERE d.status IS NULL AND NOT l.spam))::int AS "notForwarded",
          (count(*) FILTER (WHERE d.status IS NULL AND l.spam))::int AS spam
        FROM leads l LEFT JOIN deliveries d ON d.lead_id = l.id`);
      return { ...rows[0]! };
    },
    async health() {
      const { rows } = await db.query<{ recovery: boolean; read_only: string }>(
        "SELECT pg_is_in_recovery() AS recovery, current_setting('transaction_read_only') AS read_only",
      );
      if (rows[0]!.recovery || rows[0]!.read_only === 'on')
        return { ok: false, problem: 'the database is read-only (a standby, or default_transaction_read_only)' } as const;
      return { ok: true } as const;
    },
    async *exportLeads({ includeSpam = false } = {}): AsyncGenerator<ExportedLead> {
      let after = 0;
      for (;;) {
        const { rows } = await db.query<LeadRow & { seq: string; status: string | null; attempts: number | null; spam: boolean }>(
          `SELECT l.seq, ${aliasedLeadColumns('l')}, l.spam, d.status, d.attempts
           FROM leads l LEFT JOIN deliveries d ON d.lead_id = l.id
           WHERE l.seq > $1 AND (NOT l.spam OR $2) ORDER BY l.seq LIMIT 500`,
          [after, includeSpam],
        );
        if (rows.length === 0) return;
        for (const row of rows) {
          yield {
            ...leadFromRow(row),
            forwardStatus: (row.status ?? 'none') as ExportedLead['forwardStatus'],
            forwardAttempts: row.attempts ?? 0,
            spam: row.spam,
          };
        }
        after = Number(rows[rows.length - 1]!.seq);
      }
    },
    async forget(email) {
      const erased = (await db.query('DELETE FROM leads WHERE lower(email) = lower($1)', [email.trim()])).rowCount ?? 0;
      await vacuum();
      return erased;
    },
    async prune(before) {
      const erased = (await db.query('DELETE FROM leads WHERE received_at < $1', [new Date(before).toISOString()])).rowCount ?? 0;
      await vacuum();
      return erased;
    },
    async attempts(leadId) {
      const { rows } = await db.query<{
        attempt: number;
        started_at: string;
        duration_ms: number;
        outcome: string;
        http_status: number | null;
        error: string | null;
      }>('SELECT attempt, started_at, duration_ms, outcome, http_status, error FROM delivery_attempts WHERE lead_id = $1 ORDER BY attempt', [leadId]);
      return rows.map((row) => ({
        leadId,
        attempt: row.attempt,
        startedAt: Number(row.started_at),
        durationMs: row.duration_ms,
        outcome: row.outcome as 'delivered' | 'failed',
        ...(row.http_status === null ? {} : { httpStatus: row.http_status }),
        ...(row.error === null ? {} : { error: row.error }),
      }));
    },
    async close() {
      if (ownPool) await db.end();
    },
  };
  return store;
}

async function migrate(pool: Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(MIGRATIONS_TABLE.postgres);
    const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
    const applied = rows[0]?.version ?? 0;
    for (const migration of MIGRATIONS) {
      if (migration.version <= applied) continue;
      await client.query(migration.postgres);
      await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [migration.version, migration.name, Date.now()]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
