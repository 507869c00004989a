/**
 * The SQLite store's file: owner-only, WAL with `synchronous=FULL`, migrated. SQLite's busy timeout would block the
 * event loop, so it is 0 and waiting happens between attempts, on timers. A full disk: the WAL is kept small and
 * checkpointed as soon as a write fails for lack of space, so the store recovers once space is freed.
 */
import type BetterSqlite3 from 'better-sqlite3';
import { errorName } from '../errors.js';
import type { LeadStore, Logger } from '../types.js';
import { importDriver } from './driver.js';
import { MIGRATIONS, MIGRATIONS_TABLE } from './schema.js';

export const MAX_BUSY_PAUSE_MS = 50;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const isBusy = (error: unknown) => /^SQLITE_(BUSY|LOCKED)/.test(String((error as { code?: unknown }).code));

async function retryWhileBusy<T>(work: () => T, deadline: number): Promise<T> {
  for (let pause = 2; ; pause = Math.min(pause * 2, MAX_BUSY_PAUSE_MS)) {
    try {
      return work();
    } catch (error) {
      if (!isBusy(error) || Date.now() + pause > deadline) throw error;
      await sleep(pause);
    }
  }
}

export interface SqliteFile {
  db: BetterSqlite3.Database;
  file: string;
  write<T>(work: () => T, deadline?: number): Promise<T>;
  health: LeadStore['health'];
  truncateLog(): Promise<void>;
  noteSuccess(): void;
  noteFailure(error: unknown): void;
}

export async function openSqliteFile(options: { file?: string | undefined; busyTimeoutMs: number; logger?: Logger | undefined }): Promise<SqliteFile> {
  const [{ default: Database }, fs, path] = await Promise.all([
    importDriver('better-sqlite3', () => import('better-sqlite3')),
    import('node:fs'),
    import('node:path'),
  ]);
  const { busyTimeoutMs } = options;
  const file = path.resolve(options.file ?? process.env.LEADS_DB ?? path.join('.leads', 'leads.db'));
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.closeSync(fs.openSync(file, 'a', 0o600)); // owner-only; SQLite gives -wal and -shm its mode

  const db: BetterSqlite3.Database = new Database(file, { timeout: 0 });
  await retryWhileBusy(() => db.pragma('journal_mode = WAL'), Date.now() + busyTimeoutMs);
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  // An erased email is overwritten with zeros, not left in free pages.
  db.pragma('secure_delete = ON');
  db.pragma(`journal_size_limit = ${4 * 1024 * 1024}`);
  await retryWhileBusy(() => migrate(db), Date.now() + busyTimeoutMs);

  let diskFull = false;
  const noteFailure = (error: unknown) => {
    if ((error as { code?: string }).code !== 'SQLITE_FULL') return;
    diskFull = true;
    try {
      db.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      // Still no room; the next write tries again.
    }
  };
  const noteSuccess = () => {
    diskFull = false;
  };
  const write = <T>(work: () => T, deadline = Date.now() + busyTimeoutMs): Promise<T> =>
    retryWhileBusy(work, deadline).then(
      (result) => (noteSuccess(), result),
      (error: unknown) => {
        noteFailure(error);
        throw error;
      },
    );

  const health: LeadStore['health'] = async () => {
    if (diskFull) return { ok: false, problem: 'disk full: free space on the volume that holds the leads file' };
    // A write lock taken and given back at once: fails while another process holds the database.
    try {
      db.exec('BEGIN IMMEDIATE');
      db.exec('ROLLBACK');
    } catch (error) {
      if (isBusy(error)) return { ok: false, problem: 'database locked by another process: leads wait for it and are refused after 5 s' };
      if (/^SQLITE_(READONLY|CANTOPEN|IOERR)/.test(String((error as { code?: unknown }).code)))
        return { ok: false, problem: `the leads file cannot be written (${errorName(error)})` };
      throw error;
    }
    try {
      fs.accessSync(file, fs.constants.W_OK);
      fs.accessSync(path.dirname(file), fs.constants.W_OK);
    } catch {
      return { ok: false, problem: 'the leads file or its folder cannot be written: check their permissions' };
    }
    return { ok: true };
  };

  /** After an erasure the WAL still holds the erased rows' pages: checkpointed and truncated (a reader may delay it). */
  const truncateLog = () =>
    write(() => {
      const [result] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
      if (result && result.busy !== 0) throw Object.assign(new Error('the WAL is being read'), { code: 'SQLITE_BUSY' });
    }).catch((error: unknown) => {
      if (!isBusy(error)) throw error;
      options.logger?.warn('erased, but the write-ahead log could not be truncated yet: another process is reading the database');
    });
  return { db, file, write, health, truncateLog, noteSuccess, noteFailure };
}

function migrate(db: BetterSqlite3.Database): void {
  db.transaction(() => {
    db.exec(MIGRATIONS_TABLE.sqlite);
    const row = db.prepare('SELECT max(version) AS version FROM schema_migrations').get() as { version: number | null };
    for (const migration of MIGRATIONS.filter(({ version }) => version > (row.version ?? 0))) {
      db.exec(migration.sqlite);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(migration.version, migration.name, Date.now());
    }
  }).immediate();
}
