/**
 * Node-only lead store: one append-only NDJSON file, `leads.ndjson`.
 *
 * `node:fs` and `node:path` are imported lazily (inside the functions), so
 * importing this module, or `redcliffe-case-study/server`, loads no Node
 * built-in; only calling `createNdjsonStore().append()` or `readLeads()` does.
 */
import type { FileHandle } from 'node:fs/promises';
import type { LeadStore, StoredLead } from './types.js';

export interface NdjsonStoreOptions {
  /** Folder for `leads.ndjson`. Default: env `LEADS_DIR`, else `./.leads` (relative to the working directory). */
  dir?: string;
}

export interface NdjsonStore extends LeadStore {
  /** Absolute path of the NDJSON file (known once the first append has started). */
  file(): Promise<string>;
  /** Closes the file; a later append opens it again. */
  close(): Promise<void>;
}

interface Pending {
  line: string;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Appends each lead as one JSON line and resolves only after `fdatasync`.
 *
 * Appends are queued and written by one writer at a time. Leads that arrive
 * while a write is in progress are written together in the next single
 * `write` (group commit) followed by one `datasync`, so every line is whole and
 * 1,000 concurrent appends give exactly 1,000 lines. The folder is created with
 * mode 0700 and the file with mode 0600 (existing ones keep their mode).
 * If the file ends in a torn line (a crash, or a failed write in this process),
 * the next write starts with a newline, so the torn line never swallows a lead.
 */
export function createNdjsonStore(options: NdjsonStoreOptions = {}): NdjsonStore {
  let handle: Promise<FileHandle> | undefined;
  let filePath: Promise<string> | undefined;
  let queue: Pending[] = [];
  let writing = false;
  let tornTail = false;

  const resolveFile = () =>
    (filePath ??= import('node:path').then((path) => {
      const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
      return path.resolve(options.dir ?? env?.LEADS_DIR ?? '.leads', 'leads.ndjson');
    }));

  const open = () =>
    (handle ??= (async () => {
      const [fs, path, file] = await Promise.all([import('node:fs/promises'), import('node:path'), resolveFile()]);
      const dir = path.dirname(file);
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const fileHandle = await fs.open(file, 'a+', 0o600);
      if (await endsInTornLine(fileHandle)) tornTail = true;
      await syncDirectory(fs, dir);
      return fileHandle;
    })().catch((error: unknown) => {
      handle = undefined;
      throw error;
    }));

  const writeBatch = async (lines: string) => {
    const fileHandle = await open();
    const bytes = new TextEncoder().encode((tornTail ? '\n' : '') + lines);
    let offset = 0;
    try {
      while (offset < bytes.byteLength) {
        const { bytesWritten } = await fileHandle.write(bytes, offset, bytes.byteLength - offset);
        offset += bytesWritten;
      }
      await fileHandle.datasync();
      tornTail = false;
    } catch (error) {
      if (offset > 0) tornTail = true;
      handle = undefined;
      await fileHandle.close().catch(() => {});
      throw error;
    }
  };

  const drain = async () => {
    writing = true;
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      try {
        await writeBatch(batch.map((item) => item.line).join(''));
        for (const item of batch) item.resolve();
      } catch (error) {
        for (const item of batch) item.reject(error);
      }
    }
    writing = false;
  };

  return {
    append(lead) {
      const line = JSON.stringify(lead) + '\n';
      return new Promise<void>((resolve, reject) => {
        queue.push({ line, resolve, reject });
        if (!writing) void drain();
      });
    },
    file: resolveFile,
    async close() {
      const current = handle;
      handle = undefined;
      if (current) await (await current).close();
    },
  };
}

/** True when the file is non-empty and its last byte is not a newline. */
async function endsInTornLine(fileHandle: FileHandle): Promise<boolean> {
  const { size } = await fileHandle.stat();
  if (size === 0) return false;
  const last = new Uint8Array(1);
  await fileHandle.read(last, 0, 1, size - 1);
  return last[0] !== 0x0a;
}

/** fsync the folder so a newly created file's entry survives a crash. Not possible on every OS; ignored there. */
async function syncDirectory(fs: typeof import('node:fs/promises'), dir: string): Promise<void> {
  try {
    const dirHandle = await fs.open(dir, 'r');
    try {
      await dirHandle.sync();
    } finally {
      await dirHandle.close();
    }
  } catch {
    // e.g. Windows cannot open a folder.
  }
}

/**
 * Reads every lead from an NDJSON file. A line that is not valid JSON can only
 * come from an interrupted write (a crash, a full disk) and is skipped; with the
 * store above that is at most the last line after a crash.
 */
export async function readLeads(file: string): Promise<StoredLead[]> {
  const fs = await import('node:fs/promises');
  const text = await fs.readFile(file, 'utf8');
  const leads: StoredLead[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    try {
      leads.push(JSON.parse(line) as StoredLead);
    } catch {
      // torn line
    }
  }
  return leads;
}
