/**
 * `redcliffe-case-study/server`: the reference lead handler.
 *
 * Importing this module loads no Node built-in and no database driver: `createLeadHandler` uses
 * only the Fetch API; the SQLite and PostgreSQL stores import `node:*`, `better-sqlite3` and `pg`
 * lazily when opened; `toNodeListener` only uses `node:http` types.
 */
export { createLeadHandler, isValidIdempotencyKey } from './handler.js';
export { toNodeListener, NODE_SERVER_OPTIONS, type NodeListenerOptions } from './node-adapter.js';
export { createMemoryStore, type MemoryStore } from './memory-store.js';
export type { SqliteStore, SqliteStoreOptions } from './sqlite-store.js';
export type { PostgresPool, PostgresStore, PostgresStoreOptions } from './postgres-store.js';
export { MIGRATIONS } from './schema.js';
export { leadsToCsv, leadsToNdjson, neutraliseCell, EXPORT_COLUMNS } from './export.js';
export { LEAD_FIELDS, DATA_FIELDS, VISITOR_FIELDS, MAX_FIELD_LENGTH } from '../src/shared/lead-fields.js';
export { FIELD_PROBLEMS, fieldProblem } from '../src/shared/field-checks.js';
export type {
  AcceptRequest,
  AcceptResult,
  Answer,
  AttemptRecord,
  Delivery,
  DeliveryOptions,
  EventCount,
  ExportedLead,
  ForwardAdapter,
  HandlerContext,
  IdempotencyOptions,
  LeadData,
  LeadHandler,
  LeadHandlerOptions,
  LeadStats,
  LeadStore,
  Logger,
  RateLimitOptions,
  SharedRateLimiter,
  StoredLead,
  StoryEvent,
} from './types.js';

/** The SQLite store (loads `better-sqlite3` and `node:fs` when called). */
export async function createSqliteStore(options?: import('./sqlite-store.js').SqliteStoreOptions): Promise<import('./sqlite-store.js').SqliteStore> {
  return (await import('./sqlite-store.js')).createSqliteStore(options);
}

/** The PostgreSQL store (loads `pg` when called). */
export async function createPostgresStore(options?: import('./postgres-store.js').PostgresStoreOptions): Promise<import('./postgres-store.js').PostgresStore> {
  return (await import('./postgres-store.js')).createPostgresStore(options);
}

/** PostgreSQL when `DATABASE_URL` is set, else SQLite at `LEADS_DB` or `.leads/leads.db`. */
export async function openDefaultStore(options?: import('./default-store.js').DefaultStoreOptions): Promise<import('./types.js').LeadStore> {
  return (await import('./default-store.js')).openDefaultStore(options);
}
