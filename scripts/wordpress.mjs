#!/usr/bin/env node
/**
 * A throw-away WordPress from Debian's packages (`wordpress` and its default theme
 * `wordpress-theme-twentytwentythree`, `mariadb-server`, `php-cli`, `php-mysql`), for the CMS end-to-end test and for trying the snippet by hand:
 *
 *   node scripts/wordpress.mjs     starts one, prints its address and the admin's login, stops on Ctrl-C
 *
 * Everything lives in one folder under /tmp, removed by stop(): a MariaDB data folder and server
 * on a socket of its own (no TCP port), a copy of /usr/share/wordpress (hard links where the file
 * system allows; Debian's wp-config.php reads /etc/wordpress, so the copy gets its own), installed
 * with wp_install() from PHP, pretty permalinks on, and `php -S` with a router that sends every
 * path that is not a file to index.php (what the rewrite rules of a web server do). REST API calls
 * authenticate with an application password (allowed over http because the environment is 'local').
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const WORDPRESS_DIR = '/usr/share/wordpress';
const MARIADB = ['/usr/sbin/mariadbd', '/usr/sbin/mysqld'].find(existsSync) ?? 'mariadbd';
const INSTALL_DB = ['/usr/bin/mariadb-install-db', '/usr/bin/mysql_install_db'].find(existsSync) ?? 'mariadb-install-db';
const CLIENT = ['/usr/bin/mariadb', '/usr/bin/mysql'].find(existsSync) ?? 'mariadb';
const PACKAGES = 'wordpress wordpress-theme-twentytwentythree mariadb-server php-cli php-mysql';
/** WordPress's default theme, packaged apart (a Recommends of `wordpress`): without it the site has no front end. */
const THEME = 'twentytwentythree';
/** The permalink structure WordPress suggests first ("Day and name"). */
export const PERMALINKS = '/%year%/%monthnum%/%day%/%postname%/';

/** What is missing to run WordPress here, as the apt packages to install (empty when nothing is). */
export function missingPackages() {
  const missing = [];
  if (!existsSync(path.join(WORDPRESS_DIR, 'wp-settings.php'))) missing.push('wordpress');
  if (!existsSync(path.join(WORDPRESS_DIR, 'wp-content', 'themes', THEME))) missing.push(`wordpress-theme-${THEME}`);
  if (!existsSync(MARIADB) || !existsSync(INSTALL_DB)) missing.push('mariadb-server');
  const php = spawnSync('php', ['-r', 'echo extension_loaded("mysqli") ? "yes" : "no";'], { encoding: 'utf8' });
  if (php.error) missing.push('php-cli', 'php-mysql');
  else if (php.stdout !== 'yes') missing.push('php-mysql');
  return missing;
}

export const installHint = () => `apt-get install -y ${PACKAGES}`;

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });

const run = (command, args, options = {}) => {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
};

async function waitFor(check, what, timeoutMs, output) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} not ready in ${timeoutMs} ms:\n${output()}`);
}

const php = (value) => `'${String(value).replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * Starts MariaDB, installs WordPress and serves it. Resolves with its origin, the admin's login
 * (user, password, application password for the REST API), helpers and stop(). With `debug`,
 * WP_DEBUG is on and every PHP notice, warning and error goes to the file `debugLog` (not the page).
 */
export async function startWordPress({ title = 'The Acme Blog', log = () => {}, debug = false } = {}) {
  const missing = missingPackages();
  if (missing.length) throw new Error(`WordPress is not installed here (missing: ${missing.join(', ')}): ${installHint()}`);
  const dir = await mkdtemp(path.join(tmpdir(), 'rcs-wp-'));
  const children = [];
  const started = Date.now();
  // Each child leads a process group of its own (`php -S` forks its workers, which outlive a
  // signal to their parent alone): the whole group is signalled.
  const signal = (child, name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      child.kill(name);
    }
  };
  // A test runner that exits without stop() must not leave MariaDB and PHP running.
  const killChildren = () => children.forEach((child) => signal(child, 'SIGKILL'));
  process.once('exit', killChildren);
  const stop = async () => {
    for (const child of children.reverse()) {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        signal(child, 'SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      }
      // The workers of `php -S` may outlive their parent: end whatever is left of the group.
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // nothing left
      }
    }
    process.removeListener('exit', killChildren);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    // ---- MariaDB: its own data folder and socket, no TCP, run as whoever runs this.
    const asRoot = process.getuid?.() === 0;
    const user = asRoot ? ['--user=root'] : [];
    const socket = path.join(dir, 'mysql.sock');
    run(INSTALL_DB, ['--no-defaults', `--datadir=${dir}/db`, '--auth-root-authentication-method=normal', '--skip-test-db', '--skip-name-resolve', ...user]);
    const db = spawn(
      MARIADB,
      [
        '--no-defaults',
        `--datadir=${dir}/db`,
        `--socket=${socket}`,
        '--skip-networking',
        `--pid-file=${dir}/mysql.pid`,
        '--innodb-buffer-pool-size=32M',
        '--innodb-flush-log-at-trx-commit=0',
        '--skip-log-bin',
        ...user,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
    );
    children.push(db);
    let dbLog = '';
    db.stderr.on('data', (chunk) => (dbLog += chunk));
    await waitFor(
      () => /ready for connections/.test(dbLog),
      'MariaDB',
      30_000,
      () => dbLog,
    );
    run(CLIENT, [`--socket=${socket}`, '-uroot', '-e', 'CREATE DATABASE wordpress CHARACTER SET utf8mb4']);
    log(`MariaDB ready (${Date.now() - started} ms)`);

    // ---- WordPress: a copy with a wp-config.php of its own. Symbolic links are followed (-L):
    // Debian links underscore.js and others relatively into /usr/share/javascript, which a copy
    // elsewhere would miss (the media library's modal needs them).
    const root = path.join(dir, 'wp');
    if (spawnSync('cp', ['-a', '-l', '-L', WORDPRESS_DIR, root]).status !== 0) {
      await rm(root, { recursive: true, force: true });
      run('cp', ['-a', '-L', WORDPRESS_DIR, root]);
    }
    // Hard links share the files with /usr/share/wordpress: replace, never write through them.
    await rm(path.join(root, 'wp-config.php'), { force: true });
    await rm(path.join(root, 'wp-content'), { recursive: true, force: true });
    await mkdir(path.join(root, 'wp-content', 'mu-plugins'), { recursive: true });
    run('cp', ['-a', `${WORDPRESS_DIR}/wp-content/themes`, `${WORDPRESS_DIR}/wp-content/plugins`, path.join(root, 'wp-content')]);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const keys = ['AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT'];
    await writeFile(
      path.join(root, 'wp-config.php'),
      `<?php
define('DB_NAME', 'wordpress');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', ${php(`localhost:${socket}`)});
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
${keys.map((key) => `define('${key}', '${randomBytes(24).toString('hex')}');`).join('\n')}
$table_prefix = 'wp_';
define('WP_HOME', ${php(origin)});
define('WP_SITEURL', ${php(origin)});
// Application passwords over plain http; no cron, updates or calls to wordpress.org.
define('WP_ENVIRONMENT_TYPE', 'local');
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_HTTP_BLOCK_EXTERNAL', true);
${
  debug
    ? `define('WP_DEBUG', true);\ndefine('WP_DEBUG_DISPLAY', false);\ndefine('WP_DEBUG_LOG', ${php(path.join(dir, 'debug.log'))});`
    : "define('WP_DEBUG', false);"
}
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
`,
    );
    const password = randomBytes(12).toString('hex');
    await writeFile(
      path.join(dir, 'install.php'),
      `<?php
define('WP_INSTALLING', true);
$_SERVER['HTTP_HOST'] = ${php(`127.0.0.1:${port}`)};
$_SERVER['REQUEST_URI'] = '/';
// No mail server here: the "new site" e-mail is not sent.
function wp_new_blog_notification() {}
require ${php(path.join(root, 'wp-load.php'))};
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
$installed = wp_install(${php(title)}, 'admin', 'admin@example.com', false, '', ${php(password)});
global $wp_rewrite;
$wp_rewrite->set_permalink_structure(${php(PERMALINKS)});
$wp_rewrite->flush_rules(false);
$app = WP_Application_Passwords::create_new_application_password($installed['user_id'], array('name' => 'redcliffe e2e'));
if (is_wp_error($app)) { fwrite(STDERR, $app->get_error_message()); exit(1); }
echo json_encode(array('user_id' => $installed['user_id'], 'application_password' => $app[0]));
`,
    );
    const installed = JSON.parse(
      run('php', [path.join(dir, 'install.php')], { cwd: root })
        .trim()
        .split('\n')
        .pop(),
    );
    log(`WordPress installed (${Date.now() - started} ms)`);

    // ---- php -S with a router: files as they are, every other path to index.php.
    await writeFile(
      path.join(dir, 'router.php'),
      `<?php
$root = ${php(root)};
$path = urldecode(parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH));
if ($path !== '/' && is_file($root . $path)) return false;
if (is_dir($root . $path) && is_file(rtrim($root . $path, '/') . '/index.php')) return false;
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $root . '/index.php';
chdir($root);
require $root . '/index.php';
`,
    );
    const server = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', root, path.join(dir, 'router.php')], {
      cwd: root,
      env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    children.push(server);
    let serverLog = '';
    server.stdout.on('data', (chunk) => (serverLog += chunk));
    server.stderr.on('data', (chunk) => (serverLog = (serverLog + chunk).slice(-20_000)));
    await waitFor(
      async () => (await fetch(`${origin}/wp-json/`).catch(() => null))?.ok === true,
      'php -S serving WordPress',
      30_000,
      () => serverLog,
    );
    log(`WordPress serving at ${origin} (${Date.now() - started} ms)`);

    const basic = (user, password) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
    const authorization = basic('admin', installed.application_password);
    /**
     * POST /wp-json/wp/v2/<type> (posts, pages, blocks) as the admin, or as the user whose
     * `authorization` is given; resolves with WordPress's answer (id, link, status, content…).
     */
    const create = async (type, post, { as = authorization } = {}) => {
      const response = await fetch(`${origin}/wp-json/wp/v2/${type}`, {
        method: 'POST',
        headers: { Authorization: as, 'Content-Type': 'application/json' },
        body: JSON.stringify(post),
      });
      const body = await response.json();
      if (response.status !== 201) throw new Error(`creating ${type} answered ${response.status}: ${JSON.stringify(body)}`);
      return body;
    };
    const createPost = (post, options) => create('posts', post, options);
    const createPage = (page, options) => create('pages', page, options);
    /** A reusable block (Manage Reusable blocks): `<!-- wp:block {"ref":<its id>} /-->` places it. */
    const createBlock = (reusable, options) => create('blocks', reusable, options);
    /** Runs PHP with WordPress loaded (as WP-CLI would); resolves with what it prints. */
    const runPhp = async (code) => {
      const file = path.join(dir, `run-${randomBytes(6).toString('hex')}.php`);
      await writeFile(
        file,
        `<?php\n$_SERVER['HTTP_HOST'] = ${php(`127.0.0.1:${port}`)};\n$_SERVER['REQUEST_URI'] = '/';\nrequire ${php(path.join(root, 'wp-load.php'))};\n${code}\n`,
      );
      try {
        return run('php', [file], { cwd: root });
      } finally {
        await rm(file, { force: true });
      }
    };
    /** Sets the permalink structure as Settings → Permalinks does ('' is "Plain": `/?p=12`). */
    const setPermalinks = (structure) =>
      runPhp(`global $wp_rewrite;\n$wp_rewrite->set_permalink_structure(${php(structure)});\n$wp_rewrite->flush_rules(false);`);
    /**
     * Adds a user with a role (author, editor, subscriber…) as Users → Add New does; resolves with
     * their id, login, password and an `authorization` for the REST API as them.
     */
    const createUser = async ({ username, role }) => {
      const password = randomBytes(12).toString('hex');
      const { id } = await create('users', { username, email: `${username}@example.com`, password, roles: [role] });
      const app = JSON.parse(
        await runPhp(
          `$app = WP_Application_Passwords::create_new_application_password(${Number(id)}, array('name' => 'redcliffe e2e'));\nif (is_wp_error($app)) { fwrite(STDERR, $app->get_error_message()); exit(1); }\necho json_encode($app[0]);`,
        ),
      );
      return { id, user: username, password, authorization: basic(username, app) };
    };
    const debugLog = path.join(dir, 'debug.log');
    return {
      origin,
      user: 'admin',
      password,
      authorization,
      createPost,
      createPage,
      createBlock,
      createUser,
      runPhp,
      setPermalinks,
      stop,
      dir,
      debugLog,
      serverLog: () => serverLog,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const wordpress = await startWordPress({ log: (line) => console.error(line) });
  console.log(
    `WordPress at ${wordpress.origin}/ (log in at ${wordpress.origin}/wp-login.php as ${wordpress.user} / ${wordpress.password}). Ctrl-C stops and removes it.`,
  );
  const quit = () => void wordpress.stop().then(() => process.exit(0));
  process.on('SIGINT', quit);
  process.on('SIGTERM', quit);
}
