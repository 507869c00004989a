/**
 * The store for many instances: PostgreSQL through the optional peer `pg`, with sql.ts's statements but for `accept`,
 * ONE statement (data-modifying CTEs): one round trip and commit; a concurrent request with the same key waits for the
 * first, then replays its answer, on any instance. Every query has a `statement_timeout`: a hung database is a 503.
 */
import type { Pool, PoolClient } from 'pg';
import { leadParams } from '../export.js';
import { errorName } from '../errors.js';
import type { AcceptResult, LeadStore, Logger } from '../types.js';
import { importDriver } from './driver.js';
import { limiterOf } from './rate-limit.js';
import { LEAD_COLUMNS, leadPlaceholders, MIGRATIONS, MIGRATIONS_TABLE, type LeadRow } from './schema.js';
import * as sql from './sql.js';

/** What the store calls of a `pg` Pool: a consumer type-checks without `pg`'s typings. */
export interface PostgresPool {
  query(text: string, values?: unknown[]): Promise<unknown>;
  connect(): Promise<unknown>;
  end(): Promise<void>;
}

export interface PostgresStoreOptions {
  /** Default: env `DATABASE_URL`. */
  connectionString?: string;
  /** Your own `pg` Pool (`close()` leaves it open). */
  pool?: PostgresPool;
  /** Default 10. */
  max?: number;
  /** A statement's and a connection's time-out. Default 5,000 ms. */
  timeoutMs?: number;
  logger?: Logger;
}

export interface PostgresStore extends LeadStore {
  readonly pool: PostgresPool;
}

const LEAD_TABLES = ['leads', 'idempotency_keys', 'deliveries', 'delivery_attempts'];

const READ_ONLY = "SELECT pg_is_in_recovery() AS recovery, current_setting('transaction_read_only') AS read_only";
/** pg_advisory_xact_lock's key: one migrator at a time. */
const MIGRATION_LOCK = 7_261_623_301;

/**
 * Parameters: $1 key, $2 body hash, $3 answer status, $4 answer, $5 now, $6 adapter, $7 url, $8 spam, $9 the spam token's
 * nonce, then the lead's columns (LEAD_COLUMNS order, id first) from $10. A used nonce stores the lead as spam, unsent.
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
  SELECT ${leadPlaceholders(LEAD_FROM).replace(/\$\d+/g, '$&::text')}, $8::boolean OR (SELECT token FROM replayed)
  WHERE $1::text IS NULL OR EXISTS (SELECT 1 FROM new_key)
  RETURNING id, substr(received_at, 1, 10) AS day, spam, story, utm_source, utm_campaign
), new_delivery AS (
  INSERT INTO deliveries (lead_id, adapter, url, status, attempts, created_at, next_attempt_at)
  SELECT id, $6::text, $7::text, 'pending', 0, $5::bigint, $5::bigint FROM new_lead WHERE $6::text IS NOT NULL AND NOT (SELECT token FROM replayed)
  RETURNING lead_id
), destination AS (
  INSERT INTO destination_counts (adapter, url, status, count) SELECT $6::text, $7::text, 'pending', 1 FROM new_delivery
  ON CONFLICT (adapter, url, status) DO UPDATE SET count = destination_counts.count + 1
), counted AS (
  ${sql.countFrom(`SELECT day, CASE WHEN spam THEN 'spam' ELSE 'lead' END, story, utm_source, utm_campaign, 1 FROM new_lead
  UNION ALL SELECT day, 'pending', story, utm_source, utm_campaign, 1 FROM new_lead WHERE EXISTS (SELECT 1 FROM new_delivery)`)}
)
SELECT (SELECT count(*) FROM new_lead)::int AS stored, (SELECT token FROM replayed) AS replayed_token`;

export async function createPostgresStore(options: PostgresStoreOptions = {}): Promise<PostgresStore> {
  const timeoutMs = options.timeoutMs ?? 5000;
  const logger = options.logger ?? console;
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
    pool.on('error', (error) => logger.warn('PostgreSQL connection lost', { error: errorName(error) }));
  }
  const ownPool = !options.pool;
  const db = pool;
  const rows = async <T = Record<string, unknown>>(text: string, ...params: unknown[]) => (await db.query(text, params)).rows as T[];
  const transaction = async <T>(work: (client: PoolClient) => Promise<T>): Promise<T> => {
    const client = await db.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };
  const steps = (list: sql.Step[]) =>
    transaction(async (client) => {
      let changes = 0;
      for (const [text, params] of list) changes = (await client.query(text, params)).rowCount ?? 0;
      return changes;
    });
  await transaction((client) => migrate(client));

  /** Even after a plain VACUUM, deleted rows' bytes stay in the pages; VACUUM FULL rewrites the tables without them (the WAL and backups keep them). */
  const vacuum = () =>
    db.query(`VACUUM FULL ${LEAD_TABLES.join(', ')}`).then(
      () => {},
      (error: unknown) => logger.warn('erased, but VACUUM FULL of the lead tables did not finish: run it as their owner', { error: errorName(error) }),
    );

  return {
    kind: 'postgres',
    pool: db,
    ...sql.sharedMethods(rows, steps, vacuum),
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
        const [result] = await rows<{ stored: number; replayed_token: boolean }>(ACCEPT_SQL, ...params);
        if (result!.stored === 1 || !idempotency) return result!.replayed_token ? { outcome: 'stored', replayedToken: true } : { outcome: 'stored' };
        const [row] = await rows('SELECT body_hash, status, answer, created_at FROM idempotency_keys WHERE key = $1', idempotency.key);
        if (!row) continue; // forgotten meanwhile: try the insert again
        if (Number(row.created_at) < idempotency.forgetBefore) {
          await db.query('DELETE FROM idempotency_keys WHERE key = $1 AND created_at < $2', [idempotency.key, idempotency.forgetBefore]);
          continue;
        }
        if (row.body_hash !== idempotency.bodyHash) return { outcome: 'key_reused' };
        return { outcome: 'replayed', answer: { status: Number(row.status), body: JSON.parse(String(row.answer)) } };
      }
      throw new Error('idempotency key kept changing under this request');
    },
    rateLimiter: ({ points, durationSeconds }) =>
      limiterOf(
        ({ RateLimiterPostgres }) =>
          new RateLimiterPostgres({ storeClient: db, tableName: 'rate_limits', tableCreated: true, keyPrefix: 'lead', points, duration: durationSeconds }),
      ),
    claimDeliveries: ({ now, leaseMs, limit }) =>
      transaction(async (client) => {
        const entries = (await client.query(sql.claim(true), [now, now + leaseMs, limit])).rows;
        return sql.claimed(entries, (await client.query<LeadRow>(sql.CLAIMED_LEADS, [now + leaseMs])).rows);
      }),
    recordEvent: (event, prune) =>
      transaction(async (client) => {
        for (const [text, params] of sql.pruneEvents(prune)) await client.query(text, params);
        if (!(await client.query(sql.INSERT_EVENT, [event.id, event.type, event.at])).rowCount) return false;
        await client.query(sql.COUNT_EVENT, [event.day, event.type, event.story, event.utmSource, event.utmCampaign]);
        return true;
      }),
    async health() {
      const [row] = await rows<{ recovery: boolean; read_only: string }>(READ_ONLY);
      if (row!.recovery || row!.read_only === 'on')
        return { ok: false, problem: 'the database is read-only (a standby, or default_transaction_read_only)' } as const;
      return { ok: true } as const;
    },
    async close() {
      if (ownPool) await db.end();
    },
  };
}

async function migrate(client: PoolClient): Promise<void> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
  await client.query(MIGRATIONS_TABLE.postgres);
  const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
  for (const migration of MIGRATIONS.filter(({ version }) => version > (rows[0]?.version ?? 0))) {
    await client.query(migration.postgres);
    await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [migration.version, migration.name, Date.now()]);
  }
}
