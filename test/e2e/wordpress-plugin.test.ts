/**
 * The WordPress plugin (dist/wordpress/redcliffe-case-study.zip, built by scripts/build-wordpress.mjs)
 * in a real WordPress from Debian's packages (scripts/wordpress.mjs, with WP_DEBUG on and its log
 * read at the end), driven in Chromium as an administrator would:
 *   - the zip is a standard plugin zip, every PHP file `php -l` clean and free of PHP 8-only syntax;
 *   - installed through Plugins → Add New → Upload, activated;
 *   - no destination yet: the story shows, the visitor gets the PDF link, the administrator a notice;
 *   - a subscriber is refused Settings → Customer story; hostile values typed into it are refused
 *     with notices naming them and never reach a page as markup;
 *   - configured through that page (its labelled fields) to `redcliffe-leads serve` on another
 *     origin: a visitor's download on a post with two blocks stores the lead there, the PDF saved;
 *     the elements carry `count-views`, and the view and the open reach the server;
 *   - the block inserted through the editor's inserter (searched as "customer story" and "case
 *     study"), live in the editor's preview (not counted), its sidebar setting the testimonial's
 *     attribution and turning counting off (`no-analytics`) for that page only;
 *   - "Do not count views and form opens" ticked on the settings page: every story gets
 *     `no-analytics` and no view or open reaches the lead server; unticked, they count again;
 *   - block markup through the REST API sending leads to a HubSpot form (the HubSpot stand-in);
 *   - an Author's posts naming another lead server or HubSpot form (block, shortcode, reusable
 *     block): the site's server gets the lead, the Author's preview and editor name the ignored
 *     value; an administrator's override is honoured;
 *   - the shortcode in a Classic post (`no_analytics="1"` among its attributes); the blog index, a
 *     draft's preview, plain permalinks;
 *     deactivate and activate again; delete (uninstall.php removes the option).
 * Every script and the PDF come from the WordPress site itself (no CDN is asked).
 *
 * With WORDPRESS_SCREENSHOTS=1 it writes docs/wordpress-inserter.png, docs/wordpress-settings.png and
 * docs/wordpress-settings-errors.png.
 * Without WordPress installed this file is skipped, except under CI, where it fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import puppeteer, { type Browser, type BrowserContext, type HTTPRequest, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, root } from '../../demo/ensure-built.mjs';
import { launchOptions } from '../../scripts/chromium.mjs';
import { installHint, missingPackages, startWordPress } from '../../scripts/wordpress.mjs';
import defaultStory from '../../src/shared/story/stories/redcliffe-labs.json' with { type: 'json' };
import storySchema from '../../src/shared/story/story.schema.json' with { type: 'json' };
import sample from '../../demo/stories/northwind-clinics.json' with { type: 'json' };
import { storyUnavailable } from '../../src/shared/content/story-status.js';
import { REDCLIFFE_WORDS, thirdStory } from '../stories/third-story.mjs';

const { hero } = defaultStory;
import { runCli, startServeProcess, type ServeProcess } from '../server/processes.js';
import { MIN_FILL_MS } from '../../src/shared/bot-traps.js';
import { allowDownloads, clickCta, expectSliderAnswersKeys, fillLead, isConsoleProblem, isGravatar, sendLead } from './hosts/browser.js';
import { FORM as HUBSPOT_FORM, PORTAL as HUBSPOT_PORTAL, startHubspotStandIn } from './hosts/hubspot-stand-in.js';

const missing = missingPackages();
if (missing.length && process.env.CI) {
  throw new Error(`WordPress is needed for the plugin test (missing: ${missing.join(', ')}): ${installHint()}`);
}

type WordPress = Awaited<ReturnType<typeof startWordPress>>;
interface Post {
  id: number;
  link: string;
  content: { raw?: string; rendered: string };
}

const ZIP = path.join(root, 'dist/wordpress/redcliffe-case-study.zip');
const PDF = 'Leaflet_Case_Study_One_Pager.pdf';
const SETTINGS = '/wp-admin/options-general.php?page=redcliffe-case-study';
const SCREENSHOTS = process.env.WORDPRESS_SCREENSHOTS === '1';
const block = (attributes: Record<string, string> = {}) =>
  `<!-- wp:redcliffe/case-study ${Object.keys(attributes).length ? `${JSON.stringify(attributes)} ` : ''}/-->`;

let wordpress: WordPress;
let browser: Browser;
let serve: ServeProcess;
let standIn: Awaited<ReturnType<typeof startHubspotStandIn>>;
let work: string;
let leadsDb: string;
let version: string;
let admin: BrowserContext;
const timings: Record<string, number> = {};

interface Visit {
  page: Page;
  console: string[];
  pageErrors: string[];
  failed: string[];
  /** Every request's URL. */
  requests: string[];
  /** Every text/plain POST (the element's view and open events), as `<url> <body>`. */
  beacons: string[];
}

/** The plugin's row on the Plugins screen. */
const ROW = 'tr[data-plugin="redcliffe-case-study/redcliffe-case-study.php"]';

async function visit(context: BrowserContext, url: string): Promise<Visit> {
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  const seen: Visit = { page, console: [], pageErrors: [], failed: [], requests: [], beacons: [] };
  page.on('console', (message) => {
    // The admin bar of a logged-in administrator shows their Gravatar: this machine has no internet.
    if (!isGravatar(message.location()?.url ?? '')) seen.console.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => seen.pageErrors.push(String((error as Error).message ?? error)));
  page.on('requestfailed', (request) => {
    if (!isGravatar(request.url())) seen.failed.push(`${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('request', (request: HTTPRequest) => {
    seen.requests.push(request.url());
    if (request.method() === 'POST' && (request.headers()['content-type'] ?? '').startsWith('text/plain')) {
      seen.beacons.push(`${request.url()} ${request.postData() ?? ''}`);
    }
  });
  await page.goto(url, { waitUntil: 'networkidle0' });
  return seen;
}

/** Waits until the element's events chunk has had its chance to send: loaded, the page idle twice. */
async function settle(page: Page) {
  await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /\/story-events-[\w-]+\.js/.test(entry.name)), {
    timeout: 20_000,
  });
  for (let i = 0; i < 2; i++) await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => setTimeout(resolve, 300), { timeout: 2_000 })));
}

/** The view and open events a visit sent anywhere. */
const storyEvents = (seen: Visit) => seen.beacons;

/** Every story on the page renders (`headline`, the default story's unless told) and is live; the element's files came from the site; nothing went wrong. */
async function expectStories(seen: Visit, count = 1, headline = hero.headline) {
  const { page } = seen;
  await page.waitForFunction(
    (headline, count) =>
      [...document.querySelectorAll('redcliffe-case-study')].filter(
        (element) => element.shadowRoot?.querySelector('h1')?.textContent?.replace(/\s+/g, ' ').trim() === headline,
      ).length === count,
    { timeout: 15_000 },
    headline,
    count,
  );
  expect(await page.$$eval('redcliffe-case-study', (elements) => elements.length)).toBe(count);
  await expectSliderAnswersKeys(page);
  const scripts = seen.requests.filter((url) => /\.js(\?|$)/.test(url) && /redcliffe-case-study/.test(url));
  expect(scripts.length, 'the element loaded').toBeGreaterThan(0);
  for (const url of scripts) expect(url.startsWith(`${wordpress.origin}/wp-content/plugins/redcliffe-case-study/assets/${version}/`), url).toBe(true);
  expect(
    seen.requests.filter((url) => /jsdelivr|unpkg/.test(url)),
    'no CDN',
  ).toEqual([]);
  expect(seen.pageErrors).toEqual([]);
  expect(seen.console.filter(isConsoleProblem)).toEqual([]);
  expect(seen.failed).toEqual([]);
}

async function logIn(context: BrowserContext, user: string, password: string) {
  const page = await context.newPage();
  await page.goto(`${wordpress.origin}/wp-login.php`, { waitUntil: 'networkidle0' });
  await page.type('#user_login', user);
  await page.type('#user_pass', password);
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('#wp-submit')]);
  expect(new URL(page.url()).pathname, `${user} logged in`).toMatch(/^\/wp-admin\/?/);
  await page.close();
}

/**
 * Fills Settings → Customer story by its labels (each field found by its accessible name; a boolean
 * ticks or unticks a checkbox), submits with Save Changes.
 */
async function saveSettings(page: Page, values: Record<string, string | boolean>) {
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(`${wordpress.origin}${SETTINGS}`, { waitUntil: 'networkidle0' });
  for (const [label, value] of Object.entries(values)) {
    const field = await page.$(`::-p-aria(${label})`);
    expect(field, `a field labelled "${label}"`).not.toBeNull();
    if (typeof value === 'boolean') {
      if ((await field!.evaluate((input) => (input as HTMLInputElement).checked)) !== value) await field!.click();
      continue;
    }
    await field!.click({ count: 3 });
    await page.keyboard.press('Backspace');
    if (value) await page.keyboard.type(value);
  }
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('::-p-aria(Save Changes)')]);
  return page.$$eval('.notice, .error, .updated', (notices) => notices.map((notice) => notice.textContent!.replace(/\s+/g, ' ').trim()));
}

/** Uploads a file to the media library through the REST API (multipart, as a browser's form sends it), as the admin or another user. */
async function upload(name: string, text: string, as = wordpress.authorization) {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'application/json' }), name);
  const response = await fetch(`${wordpress.origin}/wp-json/wp/v2/media`, { method: 'POST', headers: { Authorization: as }, body: form });
  return { status: response.status, body: (await response.json()) as { source_url?: string; mime_type?: string; message?: string } };
}

/** Serves story files on an origin of its own, with CORS for every origin (as a CDN or a lead server would). */
async function startStoryHost(files: Record<string, string>) {
  const server = http.createServer((req, res) => {
    const body = files[new URL(req.url ?? '/', 'http://stories.invalid').pathname];
    if (body === undefined) return void res.writeHead(404, { 'Access-Control-Allow-Origin': '*' }).end();
    res.writeHead(200, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

const waitForFile = async (dir: string, name: string) => {
  for (let i = 0; i < 100 && !(await readdir(dir).catch(() => [] as string[])).includes(name); i++) await new Promise((resolve) => setTimeout(resolve, 100));
  return readFile(path.join(dir, name));
};

describe.skipIf(missing.length > 0)(
  "the WordPress plugin in a real WordPress (Debian's packages)",
  () => {
    beforeAll(async () => {
      const started = Date.now();
      await ensureBuilt({ log: () => {} });
      // The zip from this build's files: dist/integrity.json, then the plugin.
      for (const script of ['scripts/sri.mjs', 'scripts/build-wordpress.mjs']) {
        const built = spawnSync(process.execPath, [path.join(root, script), '--quiet'], { cwd: root, encoding: 'utf8' });
        if (built.status !== 0) throw new Error(`${script}: ${built.stderr}`);
      }
      ({ version } = JSON.parse(await readFile(path.join(root, 'package.json'), 'utf8')));
      work = await mkdtemp(path.join(tmpdir(), 'rcs-wp-plugin-'));
      leadsDb = path.join(work, 'leads.db');
      [wordpress, standIn] = await Promise.all([startWordPress({ debug: true }), startHubspotStandIn()]);
      const port = await new Promise<number>((resolve) => {
        const probe = http.createServer().listen(0, '127.0.0.1', () => {
          const { port: free } = probe.address() as AddressInfo;
          probe.close(() => resolve(free));
        });
      });
      serve = await startServeProcess({
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        CORS_ORIGINS: wordpress.origin,
        LEADS_DB: leadsDb,
      });
      // HubSpot's API resolves to the stand-in; nothing else is redirected.
      browser = await puppeteer.launch({ ...launchOptions, args: [...launchOptions.args, ...standIn.hostResolverArgs] });
      await allowDownloads(await browser.target().createCDPSession(), path.join(work, 'downloads'));
      admin = await browser.createBrowserContext();
      await logIn(admin, wordpress.user, wordpress.password);
      timings.readyMs = Date.now() - started;
    }, 300_000);

    afterAll(async () => {
      await browser?.close();
      if (serve?.child.exitCode === null) {
        serve.child.kill('SIGTERM');
        await serve.exited;
      }
      await standIn?.close();
      await wordpress?.stop();
      if (work) await rm(work, { recursive: true, force: true });
      console.log(`WordPress plugin test timings: ${JSON.stringify(timings)}`);
    });

    it('the zip is a standard plugin: one top folder, a plugin header, readme.txt, uninstall.php; PHP 7.4-compatible and `php -l` clean', async () => {
      const files = unzipSync(await readFile(ZIP));
      const names = Object.keys(files);
      expect(new Set(names.map((name) => name.split('/')[0]))).toEqual(new Set(['redcliffe-case-study']));
      const text = (name: string) => Buffer.from(files[`redcliffe-case-study/${name}`]!).toString('utf8');
      const main = text('redcliffe-case-study.php');
      expect(main).toMatch(/^<\?php\n\/\*\*\n \* Plugin Name: +Redcliffe Labs Customer Story$/m);
      expect(main).toMatch(new RegExp(`^ \\* Version: +${version.replace(/\./g, '\\.')}$`, 'm'));
      expect(main).toMatch(/^ \* Requires at least: +6\.1$/m);
      expect(main).toMatch(/^ \* Requires PHP: +7\.4$/m);
      const readme = text('readme.txt');
      expect(readme).toMatch(/^=== Redcliffe Labs Customer Story ===\n/);
      for (const header of ['Requires at least: 6.1', 'Requires PHP: 7.4', `Stable tag: ${version}`, 'License: MIT']) expect(readme).toContain(`\n${header}\n`);
      for (const section of ['Description', 'Installation', 'Frequently Asked Questions', 'Changelog']) expect(readme).toContain(`\n== ${section} ==\n`);
      expect(readme).not.toContain('%VERSION%');
      expect(text('uninstall.php')).toMatch(/WP_UNINSTALL_PLUGIN/);
      const blockJson = JSON.parse(text('block/block.json'));
      expect(blockJson).toMatchObject({ apiVersion: 2, name: 'redcliffe/case-study', title: 'Customer story' });
      expect(blockJson.keywords).toEqual(expect.arrayContaining(['customer story', 'case study']));
      // The element's files and the PDF, under a versioned folder, the same bytes as the build's.
      for (const file of ['redcliffe-case-study.js', PDF]) {
        expect(Buffer.from(files[`redcliffe-case-study/assets/${version}/${file}`]!).equals(await readFile(path.join(root, 'dist', file))), file).toBe(true);
      }
      // Every PHP file: `php -l`, and none of PHP 8's syntax (match, named arguments, union types, nullsafe, attributes, readonly, str_contains…).
      const unpacked = await mkdtemp(path.join(tmpdir(), 'rcs-wp-zip-'));
      const php = names.filter((name) => name.endsWith('.php'));
      expect(php.length).toBeGreaterThanOrEqual(8);
      for (const name of php) {
        const file = path.join(unpacked, name.replace(/\//g, '_'));
        await writeFile(file, files[name]!);
        const lint = spawnSync('php', ['-l', file], { encoding: 'utf8' });
        expect(lint.status, `${name}: ${lint.stdout}${lint.stderr}`).toBe(0);
        const source = Buffer.from(files[name]!).toString('utf8');
        expect(source, name).not.toMatch(
          /\bmatch\s*\(|\?->|#\[|\breadonly\b|\bstr_(contains|starts_with|ends_with)\s*\(|\)\s*:\s*\??\w+\s*\||\(\s*\w+:\s*[$'"\d]|\benum\s+\w+/,
        );
        if (!name.endsWith('block/editor.asset.php'))
          expect(source, `${name} refuses to run outside WordPress`).toMatch(/defined\( '(ABSPATH|WP_UNINSTALL_PLUGIN)' \) \|\| exit;/);
      }
      await rm(unpacked, { recursive: true, force: true });
    });

    it('installs through Plugins → Add New → Upload Plugin, and activates', async () => {
      const started = Date.now();
      const page = await admin.newPage();
      await page.goto(`${wordpress.origin}/wp-admin/plugin-install.php?tab=upload`, { waitUntil: 'networkidle0' });
      const input = (await page.$('#pluginzip')) as import('puppeteer-core').ElementHandle<HTMLInputElement>;
      await input.uploadFile(ZIP);
      await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('#install-plugin-submit')]);
      const installed = await page.$eval('.wrap', (wrap) => wrap.textContent!);
      expect(installed).toContain('Plugin installed successfully.');
      await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('::-p-text(Activate Plugin)')]);
      expect(await page.$eval('#message', (message) => message.textContent)).toContain('Plugin activated.');
      const row = await page.$eval(ROW, (tr) => ({ active: tr.classList.contains('active'), text: tr.textContent! }));
      expect(row.active).toBe(true);
      expect(row.text).toContain('Redcliffe Labs Customer Story');
      expect(row.text).toContain(`Version ${version}`);
      await page.close();
      timings.installMs = Date.now() - started;
    });

    let twoBlocks: Post;
    it('no destination set yet: the story shows, a visitor gets the PDF link, an administrator a notice', async () => {
      twoBlocks = (await wordpress.createPost({
        title: 'Two customer stories',
        status: 'publish',
        content: `${block()}\n\n<!-- wp:paragraph --><p>Between the two.</p><!-- /wp:paragraph -->\n\n${block()}`,
      })) as Post;
      const visitor = await browser.createBrowserContext();
      const seen = await visit(visitor, twoBlocks.link);
      await expectStories(seen, 2);
      expect(await seen.page.$('.redcliffe-case-study-notice'), 'no notice for visitors').toBeNull();
      const links = await seen.page.$$eval('p.redcliffe-case-study-pdf a', (anchors) =>
        anchors.map((a) => ({ href: (a as HTMLAnchorElement).href, text: a.textContent })),
      );
      expect(links).toHaveLength(2);
      expect(links[0]!.text).toBe('Read the Redcliffe Labs case study (PDF)');
      expect(links[0]!.href).toBe(`${wordpress.origin}/wp-content/plugins/redcliffe-case-study/assets/${version}/${PDF}`);
      const pdf = await fetch(links[0]!.href);
      expect(pdf.headers.get('content-type')).toMatch(/^application\/pdf/);
      expect(Buffer.from(await pdf.arrayBuffer()).equals(await readFile(path.join(root, 'dist', PDF)))).toBe(true);
      // The element's scripts once, however many stories the page holds.
      const html = await (await fetch(twoBlocks.link)).text();
      expect(html.match(/<script type="importmap">/g)).toHaveLength(1);
      expect(html.match(/<script type="module"/g)).toHaveLength(1);
      await visitor.close();

      const asAdmin = await visit(admin, twoBlocks.link);
      const notices = await asAdmin.page.$$eval('.redcliffe-case-study-notice', (elements) => elements.map((element) => element.textContent));
      expect(notices).toHaveLength(2);
      expect(notices[0]).toContain('no lead destination is set');
      expect(await asAdmin.page.$eval('.redcliffe-case-study-notice a', (a) => (a as HTMLAnchorElement).href)).toBe(`${wordpress.origin}${SETTINGS}`);
      await asAdmin.page.close();
    });

    it('a subscriber is refused Settings → Customer story', async () => {
      const sam = await wordpress.createUser({ username: 'sam', role: 'subscriber' });
      const context = await browser.createBrowserContext();
      await logIn(context, sam.user, sam.password);
      const page = await context.newPage();
      const answer = await page.goto(`${wordpress.origin}${SETTINGS}`, { waitUntil: 'networkidle0' });
      expect(answer!.status()).toBe(403);
      expect(await page.$eval('body', (body) => body.textContent)).toContain('Sorry, you are not allowed to access this page.');
      expect(await page.$('input[name^="redcliffe_case_study"]')).toBeNull();
      await context.close();
    });

    it('hostile values are refused with a notice naming each, and never reach a page as markup', async () => {
      const page = await admin.newPage();
      const notices = await saveSettings(page, {
        'Lead server address': 'javascript:alert(1)',
        'HubSpot portal ID': '12ab',
        'HubSpot form GUID': 'not-a-guid',
        'Privacy notice URL': 'https://example.com/"><script>alert(2)</script>',
        'Contact URL': 'https://example.com/contact" onmouseover="alert(3)',
      });
      const text = notices.join('\n');
      expect(text).toContain('Lead server address: “javascript:alert(1)” is not an http(s) address.');
      expect(text).toContain('HubSpot portal ID: “12ab” is not a portal ID. It is digits only');
      expect(text).toContain('HubSpot form GUID: “not-a-guid” is not a form GUID.');
      expect(text).toContain('Privacy notice URL: “https://example.com/"><script>alert(2)</script>” is not an http(s) address.');
      expect(text).toContain('Contact URL: “https://example.com/contact" onmouseover="alert(3)” is not an http(s), mailto: or tel: address.');
      // Shown as text: no element was made of them, on the settings page or anywhere.
      expect(await page.$$eval('script', (scripts) => scripts.filter((script) => /alert\(/.test(script.textContent ?? '')).length)).toBe(0);
      expect(await page.$('[onmouseover]')).toBeNull();
      // Nothing was saved: the fields are as they were (empty).
      for (const id of ['lead_server', 'hubspot_portal', 'hubspot_form', 'privacy_url', 'contact_url']) {
        expect(await page.$eval(`#redcliffe-case-study-${id}`, (input) => (input as HTMLInputElement).value)).toBe('');
      }
      if (SCREENSHOTS) await page.screenshot({ path: path.join(root, 'docs/wordpress-settings-errors.png'), fullPage: true });
      // The same form posted by another page (the administrator's cookies, no nonce from the settings page) is refused.
      const forged = await page.evaluate(async () => {
        const body = new URLSearchParams({
          option_page: 'redcliffe_case_study',
          action: 'update',
          'redcliffe_case_study[lead_server]': 'https://forged.example',
        });
        const answer = await fetch('/wp-admin/options.php', { method: 'POST', body, credentials: 'include' });
        return { status: answer.status, text: await answer.text() };
      });
      expect(forged.status).toBe(403);
      expect(forged.text).toContain('The link you followed has expired.');
      expect(await wordpress.runPhp(`echo get_option('redcliffe_case_study')['lead_server'];`)).toBe('');
      await page.close();
      // Even written to the database by other code, a hostile value is checked again when the story renders.
      await wordpress.runPhp(
        `update_option('redcliffe_case_study', array('lead_server' => 'javascript:alert(1)', 'privacy_url' => 'https://e.example/"><script>alert(4)</script>', 'contact_url' => '', 'hubspot_portal' => '', 'hubspot_form' => ''));`,
      );
      const html = await (await fetch(twoBlocks.link)).text();
      expect(html).not.toMatch(/javascript:|alert\(|onmouseover/);
      await wordpress.runPhp(
        `update_option('redcliffe_case_study', array_fill_keys(array('lead_server','hubspot_portal','hubspot_form','privacy_url','contact_url'), ''));`,
      );
    });

    it('configured through Settings → Customer story: a download on a page with two blocks reaches `redcliffe-leads serve`', async () => {
      const page = await admin.newPage();
      await page.setViewport({ width: 1280, height: 900 });
      const notices = await saveSettings(page, {
        'Lead server address': `${serve.origin}/`,
        'Privacy notice URL': 'https://example.com/privacy/',
        'Contact URL': 'mailto:sales@example.com',
      });
      expect(notices.join('\n')).toContain('Settings saved.');
      expect(await page.$eval('#redcliffe-case-study-lead_server', (input) => (input as HTMLInputElement).value)).toBe(serve.origin);
      expect(
        await page.$eval('::-p-aria(Do not count views and form opens)', (input) => (input as HTMLInputElement).checked),
        'counting is on by default',
      ).toBe(false);
      if (SCREENSHOTS) await page.screenshot({ path: path.join(root, 'docs/wordpress-settings.png'), fullPage: true });
      await page.close();

      // A visitor, in the browser's default context: the one whose downloads are saved.
      const seen = await visit(browser.defaultBrowserContext(), twoBlocks.link);
      await expectStories(seen, 2);
      expect(await seen.page.$('p.redcliffe-case-study-pdf'), 'no separate PDF link once leads have a destination').toBeNull();
      const attributes = await seen.page.$eval('redcliffe-case-study', (element) => Object.fromEntries([...element.attributes].map((a) => [a.name, a.value])));
      // Exactly these: the lead server is asked to count (`count-views`), no `no-analytics` while
      // "Do not count views and form opens" is unticked.
      expect(attributes).toEqual({
        endpoint: `${serve.origin}/api/download-case-study/`,
        'privacy-url': 'https://example.com/privacy/',
        'contact-url': 'mailto:sales@example.com',
        'count-views': '',
      });
      const email = `ada.${Date.now()}@example.com`;
      await clickCta(seen.page);
      await fillLead(seen.page, { firstName: 'Ada', lastName: 'Lovelace', email });
      // A person takes longer than MIN_FILL_MS to fill the form: sooner, serve's spam token says bot.
      await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS));
      const answer = await sendLead(seen.page, '/api/download-case-study/');
      expect(new URL(answer.url()).origin).toBe(serve.origin);
      expect(answer.status()).toBe(200);
      const saved = await waitForFile(path.join(work, 'downloads'), PDF);
      expect(saved.subarray(0, 5).toString()).toBe('%PDF-');
      const leads = runCli(['export', '--format', 'ndjson'], { LEADS_DB: leadsDb }).trim().split('\n');
      const lead = leads.find((line) => line.includes(email));
      expect(lead, 'the lead stored by serve').toBeDefined();
      expect(lead).toContain(twoBlocks.link);
      // Counted because the element carries `count-views`: the view and the open reach the lead
      // endpoint (what the ticked setting stops below).
      await settle(seen.page);
      const endpoint = `${serve.origin}/api/download-case-study/ `;
      expect(
        seen.beacons
          .filter((beacon) => beacon.startsWith(endpoint))
          .map((beacon) => JSON.parse(beacon.slice(endpoint.length)).event as string)
          .sort(),
      ).toEqual(['open', 'view']);
      await seen.page.close();
      await rm(path.join(work, 'downloads', PDF), { force: true });
    });

    it('the editor: the inserter finds "Customer story" by "customer story" and "case study"; the preview is live; the sidebar sets the attribution and turns counting off for its page', async () => {
      const started = Date.now();
      const page = await admin.newPage();
      await page.setViewport({ width: 1440, height: 1000 });
      await page.goto(`${wordpress.origin}/wp-admin/post-new.php`, { waitUntil: 'networkidle0' });
      const guide = await page.$('.edit-post-welcome-guide button[aria-label="Close"], .components-modal__frame button[aria-label="Close"]');
      if (guide) await guide.click();
      await page.click('.editor-post-title__input');
      await page.keyboard.type('Redcliffe Labs, from the inserter');
      await page.click('button[aria-label="Toggle block inserter"]');
      const search = await page.waitForSelector('.block-editor-inserter__search input', { visible: true });
      const item = '.block-editor-inserter__panel-content button.editor-block-list-item-redcliffe-case-study';
      await search!.type('case study');
      await page.waitForSelector(item, { visible: true });
      await search!.click({ count: 3 });
      await page.keyboard.press('Backspace');
      await search!.type('customer story');
      const found = await page.waitForSelector(item, { visible: true });
      expect(await found!.evaluate((button) => button.textContent)).toContain('Customer story');
      if (SCREENSHOTS) await page.screenshot({ path: path.join(root, 'docs/wordpress-inserter.png') });
      await found!.click();
      // The preview: the server's rendering, and the element in it running.
      await page.waitForFunction(
        (headline) =>
          document
            .querySelector('.wp-block-redcliffe-case-study redcliffe-case-study')
            ?.shadowRoot?.querySelector('h1')
            ?.textContent?.replace(/\s+/g, ' ')
            .trim() === headline,
        { timeout: 20_000 },
        hero.headline,
      );
      // Its lead server is the site's, but an editor's preview is not a visitor's view: not counted.
      expect(
        await page.$eval('.wp-block-redcliffe-case-study redcliffe-case-study', (element) => [
          element.getAttribute('endpoint'),
          element.hasAttribute('count-views'),
        ]),
      ).toEqual([`${serve.origin}/api/download-case-study/`, false]);
      // The sidebar: the block is selected; its attribution panel, the name typed into its labelled field.
      await page.click('.block-editor-block-inspector ::-p-text(Testimonial attribution)');
      // Found by its label's text and the label's `for` (the sidebar shows labels in capitals, which the accessibility tree keeps).
      const label = await page.waitForSelector('.block-editor-block-inspector ::-p-xpath(.//label[normalize-space()="Testimonial name"])', { visible: true });
      const name = await page.$(`#${await label!.evaluate((element) => (element as HTMLLabelElement).htmlFor)}`);
      await name!.type('Priya "Pri" Sharma');
      // Its "Views and form opens" panel: the toggle, by its label.
      await page.click('.block-editor-block-inspector ::-p-text(Views and form opens)');
      const toggle = await page.waitForSelector('.block-editor-block-inspector ::-p-xpath(.//label[normalize-space()="Do not count views and form opens"])', {
        visible: true,
      });
      await toggle!.click();
      expect(
        await page.$eval(`#${await toggle!.evaluate((element) => (element as HTMLLabelElement).htmlFor)}`, (input) => (input as HTMLInputElement).checked),
      ).toBe(true);
      await page.click('.editor-post-publish-panel__toggle');
      await page.click('.editor-post-publish-panel__header-publish-button button');
      await page.waitForSelector('.post-publish-panel__postpublish', { timeout: 20_000 });
      const id = await page.evaluate(() => (window as any).wp.data.select('core/editor').getCurrentPostId() as number);
      await page.close();
      const post = (await (
        await fetch(`${wordpress.origin}/wp-json/wp/v2/posts/${id}?context=edit`, { headers: { Authorization: wordpress.authorization } })
      ).json()) as Post;
      expect(post.content.raw).toContain('<!-- wp:redcliffe/case-study {"testimonialName":"Priya \\u0022Pri\\u0022 Sharma","noAnalytics":true} /-->');
      const visitor = await browser.createBrowserContext();
      const seen = await visit(visitor, post.link);
      await expectStories(seen);
      expect(await seen.page.$eval('redcliffe-case-study', (element) => element.getAttribute('testimonial-name'))).toBe('Priya "Pri" Sharma');
      expect(await seen.page.$eval('redcliffe-case-study', (element) => element.getAttribute('no-analytics'))).toBe('');
      expect(await (await fetch(post.link)).text()).toContain('testimonial-name="Priya &quot;Pri&quot; Sharma" no-analytics>');
      expect(await seen.page.$eval('redcliffe-case-study', (element) => element.hasAttribute('count-views'))).toBe(false);
      // That page only: the site's setting is off, and the other post's stories still count.
      const other = await (await fetch(twoBlocks.link)).text();
      expect(other).not.toContain('no-analytics');
      expect(other.match(/ count-views>/g)).toHaveLength(2);
      await visitor.close();
      timings.editorMs = Date.now() - started;
    }, 120_000);

    it('"Do not count views and form opens" ticked in Settings → Customer story: every story gets `no-analytics`, no view or open is sent; unticked, it is gone', async () => {
      const page = await admin.newPage();
      expect((await saveSettings(page, { 'Do not count views and form opens': true })).join('\n')).toContain('Settings saved.');
      expect(await page.$eval('::-p-aria(Do not count views and form opens)', (input) => (input as HTMLInputElement).checked)).toBe(true);
      // Stored as a boolean, the other settings as they were.
      expect(await wordpress.runPhp(`var_export(get_option('redcliffe_case_study')['no_analytics']);`)).toBe('true');
      expect(await wordpress.runPhp(`echo get_option('redcliffe_case_study')['lead_server'];`)).toBe(serve.origin);

      const visitor = await browser.createBrowserContext();
      const seen = await visit(visitor, twoBlocks.link);
      await expectStories(seen, 2);
      const attributes = await seen.page.$$eval('redcliffe-case-study', (elements) =>
        elements.map((element) => Object.fromEntries([...element.attributes].map((a) => [a.name, a.value]))),
      );
      const expected = {
        endpoint: `${serve.origin}/api/download-case-study/`,
        'privacy-url': 'https://example.com/privacy/',
        'contact-url': 'mailto:sales@example.com',
        'no-analytics': '',
      };
      expect(attributes).toEqual([expected, expected]);
      await clickCta(seen.page);
      await seen.page.waitForSelector('pierce/dialog[open]', { visible: true, timeout: 10_000 });
      await settle(seen.page);
      expect(storyEvents(seen), 'no view or open event').toEqual([]);
      await visitor.close();

      expect((await saveSettings(page, { 'Do not count views and form opens': false })).join('\n')).toContain('Settings saved.');
      expect(await wordpress.runPhp(`var_export(get_option('redcliffe_case_study')['no_analytics']);`)).toBe('false');
      const unticked = await (await fetch(twoBlocks.link)).text();
      expect(unticked).not.toContain('no-analytics');
      expect(unticked.match(/ count-views>/g)).toHaveLength(2);
      await page.close();
    }, 90_000);

    it('block markup through the REST API, its sidebar values sending leads to a HubSpot form: a valid submission, the PDF from the site', async () => {
      // The consent settings: a subscription type that is not digits is refused by name, one without
      // the checkbox's words is warned of, and the words reach the element as text.
      const settings = await admin.newPage();
      const refused = (await saveSettings(settings, { 'HubSpot subscription type ID': '12ab' })).join('\n');
      expect(refused).toContain('HubSpot subscription type ID: “12ab” is not a subscription type ID. It is digits only');
      const alone = (await saveSettings(settings, { 'HubSpot subscription type ID': '1234567' })).join('\n');
      expect(alone).toContain('The HubSpot subscription type needs the consent checkbox text');
      const saved = await saveSettings(settings, {
        'Consent checkbox text': 'Email me <b>new</b> customer stories & "events".',
        'HubSpot subscription type ID': '1234567',
      });
      expect(saved.join('\n')).toContain('Settings saved.');
      expect(saved.join('\n')).not.toContain('needs the consent checkbox text');
      try {
        await hubspotDownload();
      } finally {
        await saveSettings(settings, { 'Consent checkbox text': '', 'HubSpot subscription type ID': '' });
        await settings.close();
      }
    });

    async function hubspotDownload() {
      const post = (await wordpress.createPost({
        title: 'Redcliffe Labs, leads to HubSpot',
        status: 'publish',
        content: block({
          hubspotPortal: HUBSPOT_PORTAL,
          hubspotForm: HUBSPOT_FORM,
          testimonialUrl: 'javascript:alert(5)',
          testimonialTitle: '<b>Head</b> of "Care"',
        }),
      })) as Post;
      const html = await (await fetch(post.link)).text();
      expect(html).toContain(`hubspot-portal="${HUBSPOT_PORTAL}" hubspot-form="${HUBSPOT_FORM}"`);
      expect(html).toContain('testimonial-title="Head of &quot;Care&quot;"');
      // The site's consent settings, as text (the tags gone, the quotes escaped), on every story.
      expect(html).toContain('consent-text="Email me new customer stories &amp; &quot;events&quot;." hubspot-subscription-type="1234567"');
      // HubSpot counts nothing for the lead server: no `count-views` either.
      expect(html).not.toMatch(/javascript:|endpoint=|count-views/);
      const seen = await visit(browser.defaultBrowserContext(), post.link);
      await expectStories(seen);
      await clickCta(seen.page);
      await fillLead(seen.page, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.hubspot@example.com' });
      // The settings' checkbox, never ticked in advance: the visitor ticks it.
      const box = (await seen.page.$('pierce/dialog[open] input[type="checkbox"][name="consent"]'))!;
      expect(await box.evaluate((input) => (input as HTMLInputElement).checked)).toBe(false);
      await box.click();
      await (await seen.page.$('pierce/dialog[open] button[type="submit"]'))!.click();
      const saved = await waitForFile(path.join(work, 'downloads'), PDF);
      expect(saved.equals(await readFile(path.join(root, 'dist', PDF)))).toBe(true);
      expect(standIn.state.submissions).toHaveLength(1);
      const [{ body, problems }] = standIn.state.submissions;
      expect(problems).toEqual([]);
      expect(body.fields).toContainEqual({ name: 'email', value: 'ada.hubspot@example.com' });
      expect(body.context.pageUri).toBe(post.link);
      // What the visitor agreed to, as a HubSpot form with GDPR options on requires it.
      expect(body.legalConsentOptions).toEqual({
        consent: {
          consentToProcess: true,
          text: expect.any(String),
          communications: [{ value: true, subscriptionTypeId: 1234567, text: 'Email me new customer stories & "events".' }],
        },
      });
      expect(seen.requests.some((url) => url.startsWith(`${wordpress.origin}/wp-content/plugins/redcliffe-case-study/assets/${version}/${PDF}`))).toBe(true);
      expect(standIn.state.other).toEqual([]);
      await seen.page.close();
      await rm(path.join(work, 'downloads', PDF), { force: true });
    }

    let author: Awaited<ReturnType<WordPress['createUser']>>;
    it("an Author's destination overrides are ignored (the site's lead server gets the lead), named in a notice in the editor and the preview; an Administrator's are honoured", async () => {
      const started = Date.now();
      const hubspotSubmissions = standIn.state.submissions.length;
      author = await wordpress.createUser({ username: 'alex', role: 'author' });
      const attacker = 'https://attacker.example';
      const siteEndpoint = `${serve.origin}/api/download-case-study/`;
      // Each way an Author could send the site's leads elsewhere, published by the Author, and the
      // notice each gets (`endpoint` is no option of the shortcode: the lead server address sets it).
      const ignored = ': only a post whose author is an administrator may choose where leads go.';
      const overrides: [string, string][] = [
        [block({ leadServer: attacker }), `Lead server address (leadServer) “https://attacker.example”${ignored}`],
        [block({ hubspotPortal: HUBSPOT_PORTAL, hubspotForm: HUBSPOT_FORM }), `HubSpot portal ID (hubspotPortal) “${HUBSPOT_PORTAL}”${ignored}`],
        [`[redcliffe_case_study lead_server="${attacker}"]`, `Lead server address (lead_server) “https://attacker.example”${ignored}`],
        [
          `[redcliffe_case_study hubspot_portal="${HUBSPOT_PORTAL}" hubspot_form="${HUBSPOT_FORM}"]`,
          `HubSpot form GUID (hubspot_form) “${HUBSPOT_FORM}”${ignored}`,
        ],
        [
          `[redcliffe_case_study endpoint="${attacker}/api/download-case-study/"]`,
          '[redcliffe_case_study] has no option “endpoint”. Its options: lead_server,',
        ],
      ];
      const posts: Post[] = [];
      for (const [content] of overrides) {
        posts.push(
          (await wordpress.createPost({ title: 'Our customer story, by an Author', status: 'publish', content }, { as: author.authorization })) as Post,
        );
      }
      // What a visitor gets: the site's endpoint on all four, no notice.
      const elsewhere: string[] = [];
      for (const post of posts) {
        const html = await (await fetch(post.link)).text();
        const tag = html.match(/<redcliffe-case-study[^>]*>/)![0];
        if (!tag.includes(`endpoint="${siteEndpoint}"`) || /attacker|hubspot-/.test(tag)) elsewhere.push(`${post.link}: ${tag}`);
        expect(html, 'no notice for visitors').not.toContain('redcliffe-case-study-notice');
      }
      expect(elsewhere, 'posts by an Author sending leads elsewhere').toEqual([]);

      // A visitor's download on the Author's post with leadServer: the lead is stored by the site's server.
      const seen = await visit(browser.defaultBrowserContext(), posts[0]!.link);
      await expectStories(seen);
      const email = `ada.author.${Date.now()}@example.com`;
      await clickCta(seen.page);
      await fillLead(seen.page, { firstName: 'Ada', lastName: 'Lovelace', email });
      await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS));
      const answer = await sendLead(seen.page, '/api/download-case-study/');
      expect(new URL(answer.url()).origin).toBe(serve.origin);
      expect(answer.status()).toBe(200);
      await waitForFile(path.join(work, 'downloads'), PDF);
      expect(runCli(['export', '--format', 'ndjson'], { LEADS_DB: leadsDb })).toContain(email);
      expect(seen.requests.filter((url) => url.includes('attacker.example'))).toEqual([]);
      expect(standIn.state.submissions, 'nothing reached HubSpot').toHaveLength(hubspotSubmissions);
      await seen.page.close();
      await rm(path.join(work, 'downloads', PDF), { force: true });

      // The Author, logged in: the preview of each post names the ignored attribute, with no link to settings they cannot open.
      const context = await browser.createBrowserContext();
      await logIn(context, author.user, author.password);
      for (const [index, post] of posts.entries()) {
        const preview = await visit(context, `${wordpress.origin}/?p=${post.id}&preview=true`);
        const notices = await preview.page.$$eval('.redcliffe-case-study-notice', (elements) =>
          elements.map((element) => element.textContent!.replace(/\s+/g, ' ')),
        );
        expect(notices.join('\n'), post.link).toContain(overrides[index]![1]);
        expect(await preview.page.$('.redcliffe-case-study-notice a')).toBeNull();
        expect(await preview.page.$eval('redcliffe-case-study', (element) => element.getAttribute('endpoint'))).toBe(siteEndpoint);
        await preview.page.close();
      }
      // …and so does the block's preview in the editor.
      const editor = await context.newPage();
      await editor.setViewport({ width: 1440, height: 1000 });
      await editor.goto(`${wordpress.origin}/wp-admin/post.php?post=${posts[0]!.id}&action=edit`, { waitUntil: 'networkidle0' });
      const guide = await editor.$('.edit-post-welcome-guide button[aria-label="Close"], .components-modal__frame button[aria-label="Close"]');
      if (guide) await guide.click();
      const notice = await editor.waitForSelector('.wp-block-redcliffe-case-study .redcliffe-case-study-notice', { timeout: 20_000 });
      expect(await notice!.evaluate((element) => element.textContent)).toContain(overrides[0]![1]);
      await context.close();

      // An Author's reusable block, placed in an Administrator's post, carries no destination either;
      // the Administrator's own block after it does.
      const partner = 'https://leads.partner.example';
      const reusable = (await wordpress.createBlock(
        { title: 'Story block', status: 'publish', content: block({ leadServer: attacker }) },
        { as: author.authorization },
      )) as Post;
      const placed = (await wordpress.createPost({
        title: 'An Administrator places it',
        status: 'publish',
        content: `<!-- wp:block {"ref":${reusable.id}} /-->\n\n${block({ leadServer: partner })}`,
      })) as Post;
      const endpoints = [...(await (await fetch(placed.link)).text()).matchAll(/<redcliffe-case-study endpoint="([^"]+)"/g)].map((match) => match[1]);
      expect(endpoints).toEqual([siteEndpoint, `${partner}/api/download-case-study/`]);

      // The same override in an Administrator's post is honoured, without a notice.
      const own = (await wordpress.createPost({
        title: 'Our customer story, by an Administrator',
        status: 'publish',
        content: `[redcliffe_case_study lead_server="${partner}"]`,
      })) as Post;
      expect(own.content.rendered).toMatch(/<redcliffe-case-study endpoint="https:\/\/leads\.partner\.example\/api\/download-case-study\/"[^>]* count-views>/);
      expect(own.content.rendered).not.toContain('redcliffe-case-study-notice');
      timings.authorMs = Date.now() - started;
    }, 120_000);

    it('stories: an administrator uploads one to the media library (checked first; nobody else may), a block and a shortcode show it, an Author only an uploaded one', async () => {
      const started = Date.now();
      const pdfUrl = `${wordpress.origin}/wp-content/plugins/redcliffe-case-study/assets/${version}/${PDF}`;
      const story = { ...thirdStory(sample), pdf: { url: pdfUrl } };
      const { headline } = story.hero;
      // Refused before the media library offers them: a JSON file that is not a story (named, with
      // what it lacks, from the schema), and any JSON an Author uploads.
      const notStory = await upload('price-list.json', JSON.stringify({ id: 'prices', rows: [] }));
      expect(notStory.body.message).toBe(
        `“price-list.json” is not a customer story: it lacks ${storySchema.required.filter((field) => field !== 'id').join(', ')}, which every story has.`,
      );
      expect((await upload('not-json.json', '{"id": "x",')).body.message).toMatch(/^“not-json\.json” is not a customer story: it is not JSON \(/);
      expect((await upload('story.json', JSON.stringify(story), author.authorization)).body.message).toContain(
        'Only an administrator can upload a customer story (a .json file).',
      );
      const uploaded = await upload('quillfeather-books.json', JSON.stringify(story));
      expect(uploaded.status).toBe(201);
      expect(uploaded.body.mime_type).toBe('application/json');
      const storyUrl = uploaded.body.source_url!;
      const storyPath = new URL(storyUrl).pathname;

      // A block with it (an administrator's post), and a shortcode with its path on the site (an Author's).
      const byAdmin = (await wordpress.createPost({ title: 'Quillfeather Books, a block', status: 'publish', content: block({ storyUrl }) })) as Post;
      const byAuthor = (await wordpress.createPost(
        { title: 'Quillfeather Books, by an Author', status: 'publish', content: `[redcliffe_case_study story_url="${storyPath}"]` },
        { as: author.authorization },
      )) as Post;
      for (const [post, src] of [
        [byAdmin, storyUrl],
        [byAuthor, storyPath],
      ] as const) {
        const html = await (await fetch(post.link)).text();
        expect(html).toContain(`<redcliffe-case-study src="${src}" endpoint="${serve.origin}/api/download-case-study/"`);
        // Until the script runs (and without it): the story's own PDF.
        expect(html).toContain(`><a href="${pdfUrl}">Read the Quillfeather Books case study (PDF)</a></redcliffe-case-study>`);
        const visitor = await browser.createBrowserContext();
        const seen = await visit(visitor, post.link);
        await expectStories(seen, 1, headline);
        const text = await seen.page.$eval('redcliffe-case-study', (element) => element.shadowRoot!.textContent!);
        for (const word of REDCLIFFE_WORDS) expect(text, word).not.toContain(word);
        await visitor.close();
      }

      // A story on another origin: an administrator's shortcode shows it (fetched with CORS); an
      // Author's is ignored, the default story shows and the Author's preview says why.
      const host = await startStoryHost({ '/stories/quillfeather-books.json': JSON.stringify(story) });
      try {
        const external = `${host.origin}/stories/quillfeather-books.json`;
        const adminExternal = (await wordpress.createPost({
          title: 'Quillfeather Books, from elsewhere',
          status: 'publish',
          content: `[redcliffe_case_study story_url="${external}"]`,
        })) as Post;
        expect(adminExternal.content.rendered).toContain(`<redcliffe-case-study src="${external}" endpoint=`);
        const visitor = await browser.createBrowserContext();
        const seen = await visit(visitor, adminExternal.link);
        await expectStories(seen, 1, headline);
        await visitor.close();

        const authorExternal = (await wordpress.createPost(
          { title: 'Quillfeather Books, from elsewhere, by an Author', status: 'publish', content: `[redcliffe_case_study story_url="${external}"]` },
          { as: author.authorization },
        )) as Post;
        const html = await (await fetch(authorExternal.link)).text();
        expect(html).not.toContain(host.origin);
        expect(html).toContain(`>Read the Redcliffe Labs case study (PDF)</a></redcliffe-case-study>`);
        const context = await browser.createBrowserContext();
        await logIn(context, author.user, author.password);
        const preview = await visit(context, `${wordpress.origin}/?p=${authorExternal.id}&preview=true`);
        await expectStories(preview);
        expect(await preview.page.$eval('.redcliffe-case-study-notice', (notice) => notice.textContent)).toContain(
          `Story file URL (story_url) “${external}”: only a post whose author is an administrator may show a story from outside the media library`,
        );
        await context.close();
      } finally {
        await host.close();
      }

      // Addresses that are not a story's never reach the page; an editor is told which.
      const refused = (await wordpress.createPost({
        title: 'Stories, refused',
        status: 'draft',
        content: '[redcliffe_case_study story_url="javascript:alert(1)"] [redcliffe_case_study story_url="//evil.example/x.json"]',
      })) as Post;
      const tags = refused.content.rendered.match(/<redcliffe-case-study[^>]*>/g)!;
      expect(tags).toHaveLength(2);
      for (const tag of tags) expect(tag).not.toMatch(/src=|javascript:|evil/);
      // The notices (an administrator's view here) show the values as text.
      for (const value of ['javascript:alert(1)', '//evil.example/x.json']) {
        expect(refused.content.rendered).toContain(`Story file URL: “${value}” is neither an http(s) address nor a path on this site.`);
      }

      // A file with a story's fields that the element finds wrong (a figure that is a number): the
      // element says so in its own box, and names the file and the field in the console.
      const broken = structuredClone(story) as typeof story & { impact: { cards: { value: unknown }[] } };
      broken.id = 'broken-story';
      broken.impact.cards[0]!.value = 31;
      const brokenUrl = (await upload('broken-story.json', JSON.stringify(broken))).body.source_url!;
      const brokenPost = (await wordpress.createPost({ title: 'A broken story', status: 'publish', content: block({ storyUrl: brokenUrl }) })) as Post;
      const visitor = await browser.createBrowserContext();
      const seen = await visit(visitor, brokenPost.link);
      await seen.page.waitForFunction(
        (words) => document.querySelector('redcliffe-case-study')?.shadowRoot?.textContent?.includes(words),
        { timeout: 15_000 },
        storyUnavailable,
      );
      expect(seen.console.filter(isConsoleProblem).join('\n')).toMatch(new RegExp(`${brokenUrl.replace(/[.?]/g, '\\$&')}.*impact\\.cards\\[0\\]\\.value`));
      await visitor.close();
      timings.storiesMs = Date.now() - started;
    }, 120_000);

    it("the editor: a story uploaded through the block's media library (a file that is not a story refused there, saying why) shows in the block's preview", async () => {
      const started = Date.now();
      const story = thirdStory(sample);
      const good = path.join(work, 'quillfeather-books.json');
      const bad = path.join(work, 'price-list.json');
      await writeFile(good, JSON.stringify(story));
      await writeFile(bad, JSON.stringify({ id: 'prices', rows: [] }));
      const draft = (await wordpress.createPost({ title: 'A story from the media library', status: 'draft', content: block() })) as Post;
      const page = await admin.newPage();
      await page.setViewport({ width: 1440, height: 1000 });
      await page.goto(`${wordpress.origin}/wp-admin/post.php?post=${draft.id}&action=edit`, { waitUntil: 'networkidle0' });
      await page.evaluate(() => {
        const { data } = (window as any).wp;
        if (data.select('core/edit-post').isFeatureActive('welcomeGuide')) data.dispatch('core/edit-post').toggleFeature('welcomeGuide');
      });
      const previewShows = (headline: string) =>
        page.waitForFunction(
          (headline) =>
            document
              .querySelector('.wp-block-redcliffe-case-study redcliffe-case-study')
              ?.shadowRoot?.querySelector('h1')
              ?.textContent?.replace(/\s+/g, ' ')
              .trim() === headline,
          { timeout: 20_000 },
          headline,
        );
      await previewShows(hero.headline);
      // The block selected, its Story panel: the media library, its "Upload files" tab, the files.
      await page.click('.wp-block-redcliffe-case-study');
      await (await page.waitForSelector('.block-editor-block-inspector ::-p-text(Choose from the media library)', { visible: true }))!.click();
      const uploadFile = async (file: string) => {
        await (await page.waitForSelector('.media-modal #menu-item-upload', { visible: true }))!.click();
        const input = (await page.waitForSelector('.media-modal input[type="file"]')) as import('puppeteer-core').ElementHandle<HTMLInputElement>;
        await input.uploadFile(file);
      };
      await uploadFile(bad);
      const refused = await page.waitForSelector('.media-modal .upload-error', { visible: true, timeout: 20_000 });
      expect(await refused!.evaluate((element) => element.textContent!.replace(/\s+/g, ' '))).toContain(
        '“price-list.json” is not a customer story: it lacks lang,',
      );
      await uploadFile(good);
      await (await page.waitForSelector('.media-modal .media-button-select:not([disabled])', { visible: true, timeout: 20_000 }))!.click();
      await previewShows(story.hero.headline);
      const src = await page.$eval('.wp-block-redcliffe-case-study redcliffe-case-study', (element) => element.getAttribute('src'));
      expect(src).toMatch(new RegExp(`^${wordpress.origin}/wp-content/uploads/\\d{4}/\\d{2}/quillfeather-books(-\\d+)?\\.json$`));
      expect(await page.evaluate(() => (window as any).wp.data.select('core/block-editor').getSelectedBlock()?.attributes.storyUrl)).toBe(src);
      await page.close();
      timings.editorStoryMs = Date.now() - started;
    }, 90_000);

    let classic: Post;
    let draft: Post;
    it('the shortcode in a Classic post, with its options as attributes', async () => {
      classic = (await wordpress.createPost({
        title: 'Redcliffe Labs, Classic editor',
        status: 'publish',
        content: `Our customers' stories.\n\n[redcliffe_case_study privacy_url="https://example.com/p/" testimonial_name='Grace "Amazing" Hopper' no_analytics="1"]\n\nThanks for reading.`,
      })) as Post;
      expect(classic.content.rendered).not.toContain('[redcliffe_case_study');
      expect(classic.content.rendered).toContain('privacy-url="https://example.com/p/"');
      expect(classic.content.rendered).toContain('testimonial-name="Grace &quot;Amazing&quot; Hopper" no-analytics>');
      const visitor = await browser.createBrowserContext();
      const seen = await visit(visitor, classic.link);
      await expectStories(seen);
      expect(await seen.page.$eval('redcliffe-case-study', (element) => element.hasAttribute('no-analytics'))).toBe(true);
      await visitor.close();
      // An attribute that says no, or none, leaves the site's setting (off here).
      for (const shortcode of ['[redcliffe_case_study no_analytics="0"]', '[redcliffe_case_study]']) {
        const other = (await wordpress.createPost({ title: 'Redcliffe Labs, counted', status: 'draft', content: shortcode })) as Post;
        expect(other.content.rendered, shortcode).toContain('<redcliffe-case-study endpoint=');
        expect(other.content.rendered, shortcode).not.toContain('no-analytics');
        expect(other.content.rendered, shortcode).toContain(' count-views>');
      }
    });

    it("holds on the blog index, a draft's preview and plain permalinks", async () => {
      const index = await visit(await browser.createBrowserContext(), `${wordpress.origin}/`);
      expect(await index.page.$eval('body', (body) => body.textContent)).not.toContain('[redcliffe_case_study');
      expect(index.pageErrors).toEqual([]);
      expect(index.failed).toEqual([]);
      await index.page.browserContext().close();

      draft = (await wordpress.createPost({ title: 'Redcliffe Labs, a draft', status: 'draft', content: block() })) as Post;
      const preview = await visit(admin, `${wordpress.origin}/?p=${draft.id}&preview=true`);
      expect(await preview.page.title()).toContain('a draft');
      await expectStories(preview);
      await preview.page.close();

      await wordpress.setPermalinks('');
      try {
        for (const post of [twoBlocks, classic]) {
          const url = `${wordpress.origin}/?p=${post.id}`;
          const context = await browser.createBrowserContext();
          const seen = await visit(context, url);
          expect(seen.page.url()).toBe(url);
          await expectStories(seen, post === twoBlocks ? 2 : 1);
          await context.close();
        }
      } finally {
        await wordpress.setPermalinks('/%year%/%monthnum%/%day%/%postname%/');
      }
    });

    it('deactivated and activated again, it keeps its settings; deleted, it removes them', async () => {
      const page = await admin.newPage();
      const plugins = `${wordpress.origin}/wp-admin/plugins.php`;
      await page.goto(plugins, { waitUntil: 'networkidle0' });
      await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click(`${ROW} .deactivate a`)]);
      expect(await (await fetch(twoBlocks.link)).text(), 'no story while it is inactive').not.toContain('<redcliffe-case-study');
      await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click(`${ROW} .activate a`)]);
      const visitor = await browser.createBrowserContext();
      const seen = await visit(visitor, twoBlocks.link);
      await expectStories(seen, 2);
      expect(await seen.page.$eval('redcliffe-case-study', (element) => element.getAttribute('endpoint'))).toBe(`${serve.origin}/api/download-case-study/`);
      await visitor.close();

      await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click(`${ROW} .deactivate a`)]);
      // Delete, as without JavaScript: the link's confirmation page, then "Yes, delete these files and data" (WordPress adds "and data" because uninstall.php exists).
      const href = await page.$eval(`${ROW} .delete a`, (a) => (a as HTMLAnchorElement).href);
      await page.goto(href, { waitUntil: 'networkidle0' });
      await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('::-p-aria(Yes, delete these files and data)')]);
      expect(await page.$eval('#message', (message) => message.textContent)).toContain('deleted');
      expect(await page.$(ROW)).toBeNull();
      await page.close();
      expect(await wordpress.runPhp(`var_export(get_option('redcliffe_case_study'));`)).toBe('false');
      // The uploaded stories stay in the media library, without the plugin's mark.
      expect(
        await wordpress.runPhp(`echo count(get_posts(array('post_type' => 'attachment', 'post_mime_type' => 'application/json', 'numberposts' => -1)));`),
      ).not.toBe('0');
      expect(
        await wordpress.runPhp(`global $wpdb; echo $wpdb->get_var("SELECT COUNT(*) FROM $wpdb->postmeta WHERE meta_key = '_redcliffe_case_study_story'");`),
      ).toBe('0');
    }, 90_000);

    it('with WP_DEBUG on, the plugin caused no notice, warning or error (only WordPress 6.1’s own PHP 8.2 deprecations are logged)', async () => {
      const log = await readFile(wordpress.debugLog, 'utf8').catch(() => '');
      const lines = log.split('\n').filter(Boolean);
      expect(lines.filter((line) => /redcliffe/i.test(line))).toEqual([]);
      // WordPress's own: 6.1's code on PHP 8.2, and the Plugins screens failing to reach WordPress.org (no internet here).
      const core =
        /PHP Deprecated: .* in \/\S+\/wp-(includes|admin)\/\S+\.php on line \d+$|PHP Warning: {2}An unexpected error occurred\. .*could not establish a secure connection to WordPress\.org/;
      expect(lines.filter((line) => !core.test(line))).toEqual([]);
    });
  },
  60_000,
);
