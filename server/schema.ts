/**
 * The one schema, as versioned migrations for SQLite and PostgreSQL. Same tables, same columns,
 * same meaning; only the column types differ. Each store applies the migrations it has not applied
 * yet when it opens, inside one transaction that holds the database's write lock (SQLite
 * `BEGIN IMMEDIATE`) or an advisory lock (PostgreSQL), so instances starting together apply each
 * migration once. Times are milliseconds since the epoch, except `received_at` (ISO 8601 text).
 *
 * Never edit a released migration: add the next version.
 */
import type { StoredLead } from './types.js';

export interface Migration {
  version: number;
  name: string;
  sqlite: string;
  postgres: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'leads, idempotency keys, outbox, delivery attempts, rate limits',
    sqlite: `
      CREATE TABLE leads (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        received_at TEXT NOT NULL,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email TEXT NOT NULL,
        page_url TEXT NOT NULL,
        referrer TEXT NOT NULL,
        utm_source TEXT NOT NULL,
        utm_medium TEXT NOT NULL,
        utm_campaign TEXT NOT NULL,
        utm_term TEXT NOT NULL,
        utm_content TEXT NOT NULL,
        form_url TEXT NOT NULL
      );
      CREATE TABLE idempotency_keys (
        key TEXT PRIMARY KEY,
        body_hash TEXT NOT NULL,
        lead_id TEXT NOT NULL REFERENCES leads (id) DEFERRABLE INITIALLY DEFERRED,
        status INTEGER NOT NULL,
        answer TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
      CREATE TABLE deliveries (
        lead_id TEXT PRIMARY KEY REFERENCES leads (id),
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
        lead_id TEXT NOT NULL REFERENCES leads (id),
        attempt INTEGER NOT NULL,
        started_at INTEGER NOT NULL,
        duration_ms INTEGER NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('delivered', 'failed')),
        http_status INTEGER,
        error TEXT,
        PRIMARY KEY (lead_id, attempt)
      );
      CREATE TABLE rate_limits (
        key TEXT PRIMARY KEY,
        points INTEGER NOT NULL DEFAULT 0,
        expire INTEGER
      );`,
    postgres: `
      CREATE TABLE leads (
        seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        received_at TEXT NOT NULL,
        first_name TEXT NOT NULL,
        last_name TEXT NOT NULL,
        email TEXT NOT NULL,
        page_url TEXT NOT NULL,
        referrer TEXT NOT NULL,
        utm_source TEXT NOT NULL,
        utm_medium TEXT NOT NULL,
        utm_campaign TEXT NOT NULL,
        utm_term TEXT NOT NULL,
        utm_content TEXT NOT NULL,
        form_url TEXT NOT NULL
      );
      CREATE TABLE idempotency_keys (
        key TEXT PRIMARY KEY,
        body_hash TEXT NOT NULL,
        lead_id TEXT NOT NULL REFERENCES leads (id) DEFERRABLE INITIALLY DEFERRED,
        status INTEGER NOT NULL,
        answer TEXT NOT NULL,
        created_at BIGINT NOT NULL
      );
      CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
      CREATE TABLE deliveries (
        lead_id TEXT PRIMARY KEY REFERENCES leads (id),
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
        lead_id TEXT NOT NULL REFERENCES leads (id),
        attempt INTEGER NOT NULL,
        started_at BIGINT NOT NULL,
        duration_ms INTEGER NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('delivered', 'failed')),
        http_status INTEGER,
        error TEXT,
        PRIMARY KEY (lead_id, attempt)
      );
      -- The table rate-limiter-flexible's RateLimiterPostgres expects (created here, not by the library).
      CREATE TABLE rate_limits (
        key VARCHAR(255) PRIMARY KEY,
        points INTEGER NOT NULL DEFAULT 0,
        expire BIGINT
      );`,
  },
];

/** Table that records applied versions (created before the first migration). */
export const MIGRATIONS_TABLE = {
  sqlite: 'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
  postgres: 'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)',
};

/** Columns of `leads` in export order, with the StoredLead shape they map to. */
export const LEAD_COLUMNS = `id, received_at, first_name, last_name, email, page_url, referrer,
  utm_source, utm_medium, utm_campaign, utm_term, utm_content, form_url`;

export interface LeadRow {
  id: string;
  received_at: string;
  first_name: string;
  last_name: string;
  email: string;
  page_url: string;
  referrer: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  utm_term: string;
  utm_content: string;
  form_url: string;
}

export function leadFromRow(row: LeadRow): StoredLead {
  return {
    id: row.id,
    receivedAt: row.received_at,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    pageUrl: row.page_url,
    referrer: row.referrer,
    utm: { source: row.utm_source, medium: row.utm_medium, campaign: row.utm_campaign, term: row.utm_term, content: row.utm_content },
    formUrl: row.form_url,
  };
}

/** Positional parameters for inserting a lead, in LEAD_COLUMNS order. */
export function leadParams(lead: StoredLead): string[] {
  const { utm } = lead;
  return [lead.id, lead.receivedAt, lead.firstName, lead.lastName, lead.email, lead.pageUrl, lead.referrer, utm.source, utm.medium, utm.campaign, utm.term, utm.content, lead.formUrl];
}
