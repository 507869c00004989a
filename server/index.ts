/** `redcliffe-case-study/server`: loads no Node built-in and no driver until a store is opened or `toNodeListener` gets a request. */
export { createLeadHandler } from './handler.js';
export { isValidIdempotencyKey } from './routes/validate.js';
export { toNodeListener, NODE_SERVER_OPTIONS, type NodeListenerOptions } from './node-adapter.js';
export { createMemoryStore, type MemoryStore } from './store/memory.js';
import type { SqliteStoreOptions } from './store/sqlite.js';
import type { PostgresStoreOptions } from './store/postgres.js';
import type { DefaultStoreOptions } from './store/default.js';
export type { SqliteStore, SqliteStoreOptions } from './store/sqlite.js';
export type { PostgresPool, PostgresStore, PostgresStoreOptions } from './store/postgres.js';
export { MIGRATIONS } from './store/schema.js';
export { leadsToCsv, leadsToNdjson, neutraliseCell, EXPORT_COLUMNS } from './export.js';
export { LEAD_FIELDS, DATA_FIELDS, VISITOR_FIELDS, MAX_FIELD_LENGTH } from '../src/shared/lead-fields.js';
export { FIELD_PROBLEMS, fieldProblem } from '../src/shared/field-checks.js';
export type * from './types.js';
export type * from './options.js';

export const createSqliteStore = async (options?: SqliteStoreOptions) => (await import('./store/sqlite.js')).createSqliteStore(options);
export const createPostgresStore = async (options?: PostgresStoreOptions) => (await import('./store/postgres.js')).createPostgresStore(options);
/** PostgreSQL when `DATABASE_URL` is set, else SQLite at `LEADS_DB` or `.leads/leads.db`. */
export const openDefaultStore = async (options?: DefaultStoreOptions) => (await import('./store/default.js')).openDefaultStore(options);
