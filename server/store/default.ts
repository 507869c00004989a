/** The store the handler and `redcliffe-leads` choose: PostgreSQL with `DATABASE_URL`, else SQLite at `LEADS_DB`. */
import type { LeadStore, Logger } from '../types.js';

export interface DefaultStoreOptions {
  /** Default: `process.env`. */
  env?: Record<string, string | undefined>;
  logger?: Logger;
}

/** Rejects naming the store and its setting: `cannot open SQLite .leads/leads.db (LEADS_DB): …`. */
export async function openDefaultStore(options: DefaultStoreOptions = {}): Promise<LeadStore> {
  const { env = process.env, logger } = options;
  try {
    if (env.DATABASE_URL)
      return await (await import('./postgres.js')).createPostgresStore({ connectionString: env.DATABASE_URL, ...(logger ? { logger } : {}) });
    return await (await import('./sqlite.js')).createSqliteStore({ ...(env.LEADS_DB ? { file: env.LEADS_DB } : {}), ...(logger ? { logger } : {}) });
  } catch (error) {
    const setting = env.DATABASE_URL ? 'DATABASE_URL' : 'LEADS_DB';
    throw new Error(`cannot open ${describeDefaultStore(env)} (${setting}): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

/** For messages: `postgres://host/db` (no password) or the SQLite path. */
export function describeDefaultStore(env: Record<string, string | undefined> = process.env): string {
  if (env.DATABASE_URL) {
    try {
      const url = new URL(env.DATABASE_URL);
      return `PostgreSQL ${url.protocol}//${url.host}${url.pathname}`;
    } catch {
      return 'PostgreSQL (DATABASE_URL)';
    }
  }
  return `SQLite ${env.LEADS_DB ?? '.leads/leads.db'}`;
}
