/**
 * The one schema, as migrations written once for SQLite and PostgreSQL. Each store applies what it has not under a
 * lock, so instances starting together apply each once. Times are ms since the epoch but `received_at` (ISO 8601).
 * Never edit a released migration: add the next version.
 */
import { LEAD_FIELDS } from '../../src/shared/lead-fields.js';
import { DEFAULT_STORY_ID } from '../../src/shared/story-id.js';
import { COLUMN_LIST } from '../export.js';
import type { StoredLead } from '../types.js';

const SQLITE = { postgres: false, seq: 'INTEGER PRIMARY KEY', time: 'INTEGER', bool: 'INTEGER', no: '0' };
const POSTGRES: typeof SQLITE = { postgres: true, seq: 'BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY', time: 'BIGINT', bool: 'BOOLEAN', no: 'false' };

const migration = (version: number, name: string, sql: (d: typeof SQLITE) => string) => ({ version, name, sqlite: sql(SQLITE), postgres: sql(POSTGRES) });

/** Field-table columns a later migration adds; the first builds the others. */
export const ADDED_LATER = ['mkto_trk', 'privacy_text', 'consent_text', 'consent'];
const fieldColumns = LEAD_FIELDS.filter((field) => !ADDED_LATER.includes(field.column))
  .map((field) => `${field.column} TEXT NOT NULL`)
  .join(',\n        ');

export const MIGRATIONS: readonly ReturnType<typeof migration>[] = [
  migration(
    1,
    'leads, idempotency keys, outbox, delivery attempts, rate limits (PostgreSQL)',
    (d) => `
      CREATE TABLE leads (
        seq ${d.seq},
        id TEXT NOT NULL UNIQUE,
        received_at TEXT NOT NULL,
        ${fieldColumns},
        form_url TEXT NOT NULL,
        spam ${d.bool} NOT NULL DEFAULT ${d.no}
      );
      CREATE INDEX leads_email ON leads (email);
      CREATE TABLE idempotency_keys (
        key TEXT PRIMARY KEY,
        body_hash TEXT NOT NULL,
        lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED,
        status INTEGER NOT NULL,
        answer TEXT NOT NULL,
        created_at ${d.time} NOT NULL
      );
      CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
      CREATE TABLE deliveries (
        lead_id TEXT PRIMARY KEY REFERENCES leads (id) ON DELETE CASCADE,
        adapter TEXT NOT NULL,
        url TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
        attempts INTEGER NOT NULL DEFAULT 0,
        created_at ${d.time} NOT NULL,
        next_attempt_at ${d.time} NOT NULL,
        lease_until ${d.time},
        last_error TEXT,
        finished_at ${d.time}
      );
      CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status = 'pending';
      CREATE TABLE delivery_attempts (
        lead_id TEXT NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
        attempt INTEGER NOT NULL,
        started_at ${d.time} NOT NULL,
        duration_ms INTEGER NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('delivered', 'failed')),
        http_status INTEGER,
        error TEXT,
        PRIMARY KEY (lead_id, attempt)
      );${
        // RateLimiterPostgres's table, shared by every instance; SQLite counts in memory, away from the leads.
        d.postgres ? '\n      CREATE TABLE rate_limits (key VARCHAR(255) PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire BIGINT);' : ''
      }`,
  ),
  migration(
    2,
    'spam tokens used, the server secret',
    (d) => `
      CREATE TABLE used_tokens (nonce TEXT PRIMARY KEY, used_at ${d.time} NOT NULL);
      CREATE TABLE secrets (name TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  ),
  migration(
    3,
    'story events (views, dialog opens) and their daily counts',
    (d) => `
      CREATE TABLE events (id TEXT NOT NULL, type TEXT NOT NULL, at ${d.time} NOT NULL, PRIMARY KEY (id, type));
      CREATE INDEX events_at ON events (at);
      CREATE TABLE event_counts (
        day TEXT NOT NULL, type TEXT NOT NULL, page_url TEXT NOT NULL, utm_source TEXT NOT NULL, utm_campaign TEXT NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (day, type, page_url, utm_source, utm_campaign)
      );`,
  ),
  // Every number /admin shows (DailyCount), from what the events, leads and outbox held so far.
  migration(
    4,
    'the story of each lead; beacons, leads and deliveries counted per day, story and campaign',
    () => `
      ALTER TABLE leads ADD COLUMN story TEXT NOT NULL DEFAULT '${DEFAULT_STORY_ID}';
      CREATE TABLE daily_counts (
        day TEXT NOT NULL, type TEXT NOT NULL, story TEXT NOT NULL, utm_source TEXT NOT NULL, utm_campaign TEXT NOT NULL,
        count INTEGER NOT NULL,
        PRIMARY KEY (day, type, story, utm_source, utm_campaign)
      );
      INSERT INTO daily_counts (day, type, story, utm_source, utm_campaign, count)
        SELECT day, type, '${DEFAULT_STORY_ID}', utm_source, utm_campaign, sum(count) FROM event_counts GROUP BY day, type, utm_source, utm_campaign
        UNION ALL SELECT substr(received_at, 1, 10), CASE WHEN spam THEN 'spam' ELSE 'lead' END, story, utm_source, utm_campaign, count(*)
          FROM leads GROUP BY 1, 2, 3, 4, 5
        UNION ALL SELECT substr(l.received_at, 1, 10), d.status, l.story, l.utm_source, l.utm_campaign, count(*)
          FROM leads l JOIN deliveries d ON d.lead_id = l.id GROUP BY 1, 2, 3, 4, 5;
      DROP TABLE event_counts;
      CREATE INDEX deliveries_failed ON deliveries (finished_at) WHERE status = 'failed';`,
  ),
  // Each destination's counts kept as things happen (DestinationHealth), what holds an entry back
  // (a CRM's limit), and the lead's proof of consent and Marketo cookie.
  migration(
    5,
    "CRMs: each destination's counts, entries held by a CRM's limit, the consent a lead carries",
    () => `
      ${ADDED_LATER.map((column) => `ALTER TABLE leads ADD COLUMN ${column} TEXT NOT NULL DEFAULT '';`).join('\n      ')}
      ALTER TABLE deliveries ADD COLUMN held TEXT;
      CREATE TABLE destination_counts (
        adapter TEXT NOT NULL, url TEXT NOT NULL, status TEXT NOT NULL, count INTEGER NOT NULL, PRIMARY KEY (adapter, url, status)
      );
      INSERT INTO destination_counts (adapter, url, status, count) SELECT adapter, url, status, count(*) FROM deliveries GROUP BY 1, 2, 3;
      CREATE INDEX deliveries_next ON deliveries (url, next_attempt_at) WHERE status = 'pending';
      CREATE INDEX deliveries_failed_at ON deliveries (url, finished_at) WHERE status = 'failed';
      CREATE INDEX delivery_attempts_delivered ON delivery_attempts (started_at) WHERE outcome = 'delivered';`,
  ),
];

/** Created before the first migration. */
export const MIGRATIONS_TABLE = {
  sqlite: 'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
  postgres: 'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)',
};

export const LEAD_COLUMNS = COLUMN_LIST.join(', ');
export const leadPlaceholders = (first = 1): string => COLUMN_LIST.map((_, i) => `$${first + i}`).join(', ');
export const aliasedLeadColumns = (alias: string): string => COLUMN_LIST.map((column) => `${alias}.${column}`).join(', ');

export type LeadRow = Record<string, string>;

export function leadFromRow(row: LeadRow): StoredLead {
  const lead: Record<string, string> = { id: row.id!, receivedAt: row.received_at!, formUrl: row.form_url!, story: row.story! };
  for (const field of LEAD_FIELDS) lead[field.key] = row[field.column] ?? '';
  return lead as StoredLead;
}
