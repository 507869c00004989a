/**
 * The one schema, as versioned migrations for SQLite and PostgreSQL. Same tables, same columns,
 * same meaning; only the column types differ. The `leads` columns come from the lead field table
 * (src/shared/lead-fields.ts). Each store applies the migrations it has not applied yet when it
 * opens, inside one transaction that holds the database's write lock (SQLite `BEGIN IMMEDIATE`) or
 * an advisory lock (PostgreSQL), so instances starting together apply each migration once. Times
 * are milliseconds since the epoch, except `received_at` (ISO 8601 text).
 *
 * Never edit a released migration: add the next version. (Version 1 is unreleased: a new field is
 * a row in the field table until the first release.)
 */
import { LEAD_FIELDS } from '../src/shared/lead-fields.js';
import type { StoredLead } from './types.js';

export interface Migration {
  version: number;
  name: string;
  sqlite: string;
  postgres: string;
}

/**
 * A migration's SQL for both databases when they differ only in the type of times (milliseconds
 * since the epoch): `INTEGER` in SQLite, `BIGINT` in PostgreSQL.
 */
const withTimeType = (sql: (time: 'INTEGER' | 'BIGINT') => string): Pick<Migration, 'sqlite' | 'postgres'> => ({
  sqlite: sql('INTEGER'),
  postgres: sql('BIGINT'),
});

/** The lead field table's columns, each NOT NULL text. */
const fieldColumns = LEAD_FIELDS.map((field) => `${field.column} TEXT NOT NULL`).join(',\n        ');

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'leads, idempotency keys, outbox, delivery attempts, rate limits (PostgreSQL)',
    sqlite: `
      CREATE TABLE leads (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        received_at TEXT NOT NULL,
        ${fieldColumns},
        form_url TEXT NOT NULL,
        spam INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX leads_email ON leads (email);
      CREATE TABLE idempotency_keys (
        key TEXT PRIMARY KEY,
        body_hash TEXT NOT NULL,
        lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
        status INTEGER NOT NULL,
        answer TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
      CREATE TABLE deliveries (
        lead_id TEXT PRIMARY KEY REFERENCES leads (id) ON DELETE CASCADE,
        adapter TEXT NOT NULL,
        url TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL,
        next_attempt_at INTEGER NOT NULL,
        lease_until INTEGER,
        last_error TEXT,
        finished_at INTEGER
      );
      CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status = 'pending';
      CREATE TABLE delivery_attempts (
        lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        attempt INTEGER NOT NULL,
        started_at INTEGER NOT NULL,
        duration_ms INTEGER NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('delivered', 'failed')),
        http_status INTEGER,
        error TEXT,
        PRIMARY KEY (lead_id, attempt)
      );`,
    postgres: `
      CREATE TABLE leads (
        seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        received_at TEXT NOT NULL,
        ${fieldColumns},
        form_url TEXT NOT NULL,
        spam BOOLEAN NOT NULL DEFAULT false
      );
      CREATE INDEX leads_email ON leads (email);
      CREATE TABLE idempotency_keys (
        key TEXT PRIMARY KEY,
        body_hash TEXT NOT NULL,
        lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
        status INTEGER NOT NULL,
        answer TEXT NOT NULL,
        created_at BIGINT NOT NULL
      );
      CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
      CREATE TABLE deliveries (
        lead_id TEXT PRIMARY KEY REFERENCES leads (id) ON DELETE CASCADE,
        adapter TEXT NOT NULL,
        url TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        created_at BIGINT NOT NULL,
        next_attempt_at BIGINT NOT NULL,
        lease_until BIGINT,
        last_error TEXT,
        finished_at BIGINT
      );
      CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status = 'pending';
      CREATE TABLE delivery_attempts (
        lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        attempt INTEGER NOT NULL,
        started_at BIGINT NOT NULL,
        duration_ms INTEGER NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('delivered', 'failed')),
        http_status INTEGER,
        error TEXT,
        PRIMARY KEY (lead_id, attempt)
      );
      -- The table rate-limiter-flexible's RateLimiterPostgres expects (created here, not by the
      -- library), shared by every instance. SQLite keeps its counters in memory, away from the leads.
      CREATE TABLE rate_limits (
        key VARCHAR(255) PRIMARY KEY,
        points INTEGER NOT NULL DEFAULT 0,
        expire BIGINT
      );`,
  },
  {
    version: 2,
    name: 'spam tokens used, the server secret',
    ...withTimeType(
      (time) => `
      CREATE TABLE used_tokens (nonce TEXT PRIMARY KEY, used_at ${time} NOT NULL);
      CREATE TABLE secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL);`,
    ),
  },
  {
    version: 3,
    // Raw events only drop duplicates and are pruned after 30 days; the counts stay (they hold no
    // visitor: no IP address, no user agent, only the page and its utm values).
    name: 'story events (views, dialog opens) and their daily counts',
    ...withTimeType(
      (time) => `
      CREATE TABLE events (id TEXT NOT NULL, type TEXT NOT NULL, at ${time} NOT NULL, PRIMARY KEY (id, type));
      CREATE INDEX events_at ON events (at);
      CREATE TABLE event_counts (
        day TEXT NOT NULL, type TEXT NOT NULL, page_url TEXT NOT NULL, utm_source TEXT NOT NULL, utm_campaign TEXT NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (day, type, page_url, utm_source, utm_campaign)
      );`,
    ),
  },
];

/** Table that records applied versions (created before the first migration). */
export const MIGRATIONS_TABLE = {
  sqlite: 'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
  postgres: 'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)',
};

/** Columns of `leads` in export order: the handler's, then the field table's, then the form URL. */
const COLUMN_LIST = ['id', 'received_at', ...LEAD_FIELDS.map((field) => field.column), 'form_url'];
export const LEAD_COLUMNS = COLUMN_LIST.join(', ');
/** `count` placeholders for an INSERT of LEAD_COLUMNS, `?` (SQLite) or `$n` from `first` (PostgreSQL). */
export const leadPlaceholders = (style: 'sqlite' | 'postgres', first = 1): string =>
  COLUMN_LIST.map((_, i) => (style === 'sqlite' ? '?' : `$${first + i}`)).join(', ');
/** LEAD_COLUMNS with a table alias: `l.id, l.received_at, …`. */
export const aliasedLeadColumns = (alias: string): string => COLUMN_LIST.map((column) => `${alias}.${column}`).join(', ');

/** A `leads` row as the drivers return it. */
export type LeadRow = Record<string, string>;

export function leadFromRow(row: LeadRow): StoredLead {
  const lead: Record<string, string> = { id: row.id!, receivedAt: row.received_at!, formUrl: row.form_url! };
  for (const field of LEAD_FIELDS) lead[field.key] = row[field.column] ?? '';
  return lead as StoredLead;
}

/** Positional parameters for inserting a lead, in LEAD_COLUMNS order. */
export function leadParams(lead: StoredLead): string[] {
  return [lead.id, lead.receivedAt, ...LEAD_FIELDS.map((field) => lead[field.key]), lead.formUrl];
}
