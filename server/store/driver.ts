/**
 * The drivers are optional peers (a browser-only install must not compile SQLite), and Node's "Cannot find package"
 * names neither the store nor the fix: a missing one is said as what to install.
 */
const INSTALL: Record<'better-sqlite3' | 'pg', string> = {
  'better-sqlite3':
    'The SQLite lead store needs the better-sqlite3 package, which is not installed. Run the lead server with `npx redcliffe-leads serve` (that package brings it), or `npm install better-sqlite3` beside redcliffe-case-study; for PostgreSQL instead, set DATABASE_URL and `npm install pg`.',
  pg: 'The PostgreSQL lead store (DATABASE_URL) needs the pg package, which is not installed: `npm install pg` beside the package that runs the server (with npx: `npx -p redcliffe-leads -p pg redcliffe-leads serve`).',
};

export async function importDriver<T>(name: keyof typeof INSTALL, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && message?.includes(`'${name}'`)) throw new Error(INSTALL[name], { cause: error });
    throw error;
  }
}
