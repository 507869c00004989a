/**
 * `redcliffe-case-study/server`: the reference lead handler.
 *
 * Importing this module loads no Node built-in and no database driver: `createLeadHandler` uses
 * only the Fetch API; the SQLite and PostgreSQL stores import `node:*`, `better-sqlite3` and `pg`
 * lazily when opened; `toNodeListener` only uses `node:http` types.
 */
export { createLeadHandler, isValidIdempotencyKey } from './handler.js';
export { toNodeListener, NODE_SERVER_OPTIONS, type NodeListenerOptions } from './node-adapter.js';
export { createMemoryStore, type MemoryStore } from './store/memory.js';
export type { SqliteStore, SqliteStoreOptions } from './store/sqlite.js';
export type { PostgresPool, PostgresStore, PostgresStoreOptions } from './store/postgres.js';
export { MIGRATIONS } from './store/schema.js';
export { leadsToCsv, leadsToNdjson, neutraliseCell, EXPORT_COLUMNS } from './export.js';
export { LEAD_FIELDS, DATA_FIELDS, VISITOR_FIELDS, MAX_FIELD_LENGTH } from '../src/shared/lead-fields.js';
export { FIELD_PROBLEMS, fieldProblem } from '../src/shared/field-checks.js';
export type {
  AcceptRequest,
  AcceptResult,
  Answer,
  AttemptRecord,
  DailyCount,
  Delivery,
  ExportedLead,
  ForwardAdapter,
  LeadData,
  LeadStats,
  LeadStore,
  Logger,
  SharedRateLimiter,
  StoredLead,
  StoryEvent,
} from './types.js';
export type { DeliveryOptions, HandlerContext, IdempotencyOptions, LeadHandler, LeadHandlerOptions, RateLimitOptions } from './options.js';

/** The SQLite store (loads `better-sqlite3` and `node:fs` when called). */
export async function createSqliteStore(options?: import('./store/sqlite.js').SqliteStoreOptions): Promise<import('./store/sqlite.js').SqliteStore> {
  return (await import('./store/sqlite.js')).createSqliteStore(options);
}

/** The PostgreSQL store (loads `pg` when called). */
export async function createPostgresStore(options?: import('./store/postgres.js').PostgresStoreOptions): Promise<import('./store/postgres.js').PostgresStore> {
  return (await import('./store/postgres.js')).createPostgresStore(options);
}

/** PostgreSQL when `DATABASE_URL` is set, else SQLite at `LEADS_DB` or `.leads/leads.db`. */
export async function openDefaultStore(options?: import('./store/default.js').DefaultStoreOptions): Promise<import('./types.js').LeadStore> {
  return (await import('./store/default.js')).openDefaultStore(options);
}
