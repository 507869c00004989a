/**
 * The CMS editor's path, in a real WordPress from Debian's packages (scripts/wordpress.mjs: its own
 * MariaDB, `php -S`, pretty permalinks). Posts are saved through the REST API as the two editors
 * save them, holding the snippet from docs/cms.md verbatim:
 *   - the block editor: a Custom HTML block (`<!-- wp:html -->…<!-- /wp:html -->`), kept as it is;
 *   - the Classic editor: raw content, which WordPress runs through wpautop (paragraphs, <br>).
 * The snippet's files are on another origin: Chromium's requests to the CDN the snippet names are
 * answered by a static server of dist/ in this test (with CORS, as jsDelivr answers), so the page
 * holds the snippet byte for byte and the integrity checks run on the files served.
 * In Chromium, at the pretty permalink, the plain `?p=` permalink, the logged-in editor's
 * preview (`?p=…&preview=true`) and a page nested three levels deep at an address with a query
 * string and a hash: the story renders (its heading, never the 404 page), it is live
 * (the slider answers keys) and nothing is logged as an error.
 *
 * Then the lead's way: `redcliffe-leads serve` on another origin (CORS_ORIGINS naming the
 * WordPress site), the snippet `redcliffe-leads snippet --origin` prints pasted verbatim, and a
 * visitor's download on the post stores the lead there and saves the PDF; with JavaScript off, the
 * story rendered with that server's endpoint (renderCaseStudy, as docs/cms.md says) posts its plain
 * form there: a thank-you page with the PDF, one lead stored.
 *
 * Without WordPress installed this file is skipped, except under CI, where it fails (`.ci/run`
 * installs the packages).
 */
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import puppeteer, { type Browser, type BrowserContext, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, root } from '../../demo/ensure-built.mjs';
import { launchOptions } from '../../scripts/chromium.mjs';
import { CDN_BASE, documentedSnippets } from '../../scripts/sri.mjs';
import { installHint, missingPackages, startWordPress } from '../../scripts/wordpress.mjs';
import defaultStory from '../../src/shared/story/stories/redcliffe-labs.json' with { type: 'json' };

const { hero } = defaultStory;
import { MIN_FILL_MS } from '../../src/shared/bot-traps.js';
import { fieldOf } from '../../src/shared/lead-fields.js';
import { allowDownloads, clickCta, expectSliderAnswersKeys, fillLead, isConsoleProblem, isGravatar, sendLead } from './hosts/browser.js';
import { runCli, startServeProcess, type ServeProcess } from '../server/processes.js';
import { FORM as HUBSPOT_FORM, PORTAL as HUBSPOT_PORTAL, startHubspotStandIn } from './hosts/hubspot-stand-in.js';
import { contentType } from './hosts/content-types.js';

const missing = missingPackages();
if (missing.length && process.env.CI) {
  throw new Error(`WordPress is needed for the CMS test (missing: ${missing.join(', ')}): ${installHint()}`);
}

type WordPress = Awaited<ReturnType<typeof startWordPress>>;
interface Post {
  id: number;
  link: string;
  status: string;
  content: { raw?: string; rendered: string };
}

const DIST_FILE = /^dist\/(redcliffe-case-study\.(js|css|html)|chunks\/[\w-]+\.js|Leaflet_Case_Study_One_Pager\.(pdf|jpg)|[\w.-]+\.map)$/;

let wordpress: WordPress;
let cdn: http.Server;
let cdnOrigin: string;
let browser: Browser;
let snippets: { cms: string; rendered: string };
const timings: Record<string, number> = {};

/** dist/ on a port of its own, as the CDN serves the package folder: CORS for every origin. */
async function startCdn() {
  const server = http.createServer((req, res) => {
    const file = decodeURIComponent(new URL(req.url ?? '/', 'http://cdn.invalid').pathname.slice(1));
    if (!DIST_FILE.test(file)) return void res.writeHead(404).end();
    readFile(path.join(root, file)).then(
      (body) => res.writeHead(200, { 'Content-Type': contentType(file), 'Access-Control-Allow-Origin': '*' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

interface Visit {
  page: Page;
  console: string[];
  pageErrors: string[];
  failed: string[];
}

/**
 * Opens `url` in `context` with the snippet's CDN answered by the local one, and records what a
 * developer would see in DevTools: console messages, uncaught errors, failed requests.
 */
async function visit(context: BrowserContext, url: string): Promise<Visit> {
  const page = await context.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  const seen: Visit = { page, console: [], pageErrors: [], failed: [] };
  page.on('console', (message) => {
    const from = message.location()?.url ?? '';
    // The admin bar of a logged-in editor shows their Gravatar: this machine has no internet.
    if (isGravatar(from)) return;
    seen.console.push(`${message.type()}: ${message.text()}${from ? ` (${from})` : ''}`);
  });
  page.on('pageerror', (error) => seen.pageErrors.push(String((error as Error).message ?? error)));
  page.on('requestfailed', (request) => {
    if (!isGravatar(request.url())) seen.failed.push(`${request.url()} ${request.failure()?.errorText}`);
  });
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (!request.url().startsWith(CDN_BASE)) return void request.continue();
    void fetch(`${cdnOrigin}/${request.url().slice(CDN_BASE.length)}`).then(async (answer) =>
      request.respond({
        status: answer.status,
        headers: Object.fromEntries(answer.headers),
        body: Buffer.from(await answer.arrayBuffer()),
      }),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle0' });
  return seen;
}

/** The element on the page renders the story, is live, and nothing went wrong on the way. */
async function expectStory(seen: Visit, url: string) {
  const { page } = seen;
  await page.waitForFunction(
    (headline) => document.querySelector('redcliffe-case-study')?.shadowRoot?.querySelector('h1')?.textContent?.replace(/\s+/g, ' ').trim() === headline,
    { timeout: 15_000 },
    hero.headline,
  );
  const state = await page.evaluate(() => {
    const root = document.querySelector('redcliffe-case-study')!.shadowRoot!;
    const h1 = root.querySelector('h1')!;
    const box = h1.getBoundingClientRect();
    return {
      notFound: root.querySelector('.not-found') !== null,
      headingVisible: box.width > 0 && box.height > 0 && getComputedStyle(h1).visibility === 'visible',
      elements: document.querySelectorAll('redcliffe-case-study').length,
    };
  });
  expect(state.notFound, `${url}: the 404 page`).toBe(false);
  expect(state.headingVisible, `${url}: the heading is not visible`).toBe(true);
  expect(state.elements, `${url}: one element on the page`).toBe(1);
  await expectSliderAnswersKeys(page);
  expect(seen.pageErrors, `${url}: uncaught errors`).toEqual([]);
  expect(seen.console.filter(isConsoleProblem), `${url}: console errors and warnings`).toEqual([]);
  expect(seen.console.join('\n'), `${url}: a React error`).not.toMatch(/Minified React error|does not match/);
  expect(seen.failed, `${url}: failed requests`).toEqual([]);
}

/** Logs `context` in as the site's admin through wp-login.php, as an editor is when previewing. */
async function logIn(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto(`${wordpress.origin}/wp-login.php`, { waitUntil: 'networkidle0' });
  await page.type('#user_login', wordpress.user);
  await page.type('#user_pass', wordpress.password);
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('#wp-submit')]);
  expect(new URL(page.url()).pathname, 'logged in (the dashboard)').toMatch(/^\/wp-admin\/?/);
  await page.close();
}

const blockEditor = (html: string) => `<!-- wp:html -->\n${html}\n<!-- /wp:html -->`;

describe.skipIf(missing.length > 0)("the snippet in a real WordPress (Debian's packages)", () => {
  let blockPost: Post;
  let classicPost: Post;
  let renderedPost: Post;
  let draft: Post;

  beforeAll(async () => {
    const started = Date.now();
    await ensureBuilt({ log: () => {} });
    snippets = await documentedSnippets();
    ({ server: cdn, origin: cdnOrigin } = await startCdn());
    wordpress = await startWordPress();
    timings.wordpressReadyMs = Date.now() - started;
    browser = await puppeteer.launch(launchOptions);
    const renderedHtml = (await readFile(path.join(root, 'dist/redcliffe-case-study.html'), 'utf8')).trim();
    // The rendered variant: the documented scripts, then dist/redcliffe-case-study.html as it is.
    const rendered = snippets.rendered.replace(/<!--[^>]*dist\/redcliffe-case-study\.html[^>]*-->/, () => renderedHtml);
    expect(rendered, 'the rendered snippet holds the story').toContain('<template shadowrootmode="open">');
    [blockPost, classicPost, renderedPost, draft] = await Promise.all([
      wordpress.createPost({ title: 'Redcliffe Labs, in a Custom HTML block', status: 'publish', content: blockEditor(snippets.cms) }),
      wordpress.createPost({ title: 'Redcliffe Labs, from the Classic editor', status: 'publish', content: snippets.cms }),
      wordpress.createPost({ title: 'Redcliffe Labs, rendered', status: 'publish', content: blockEditor(rendered) }),
      wordpress.createPost({ title: 'Redcliffe Labs, a draft', status: 'draft', content: blockEditor(snippets.cms) }),
    ]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    cdn?.close();
    await wordpress?.stop();
    console.log(`WordPress test timings: ${JSON.stringify(timings)}`);
  });

  it('the snippet names no placeholder: nothing in it is for the editor to change', () => {
    expect(snippets.cms).not.toMatch(/base=|the\/path|your-|example\.com|…|TODO/i);
    expect(snippets.cms).toContain('<redcliffe-case-study>');
  });

  it('block editor, Custom HTML block: the story at the pretty permalink', async () => {
    expect(new URL(blockPost.link).pathname, 'a pretty permalink').toMatch(/^\/\d{4}\/\d{2}\/\d{2}\/[\w-]+\/$/);
    const context = await browser.createBrowserContext();
    const seen = await visit(context, blockPost.link);
    expect(seen.page.url()).toBe(blockPost.link);
    await expectStory(seen, blockPost.link);
    // The lazy parts come from the other origin too, checked by the import map: the dialog opens.
    await clickCta(seen.page);
    await seen.page.waitForSelector('pierce/dialog[open] input[name="firstName"]', { visible: true, timeout: 10_000 });
    expect(seen.failed, 'failed requests').toEqual([]);
    expect(seen.console.filter(isConsoleProblem)).toEqual([]);
    await context.close();
  });

  it('Classic editor, raw content through wpautop: the story at the pretty permalink', async () => {
    // wpautop did run: a paragraph around the snippet, a <br /> at each line break (the element is
    // an inline tag to it), the import map's text left alone.
    expect(classicPost.content.rendered).toMatch(/^<p><script type="importmap">/);
    expect(classicPost.content.rendered).toContain('<redcliffe-case-study><br />');
    expect(classicPost.content.rendered).toContain(snippets.cms.match(/<script type="importmap">[\s\S]*?<\/script>/)![0]);
    const context = await browser.createBrowserContext();
    const seen = await visit(context, classicPost.link);
    await expectStory(seen, classicPost.link);
    await context.close();
  });

  it('the rendered snippet in a Custom HTML block: the story is in the HTML, then hydrates at the post URL', async () => {
    const html = await (await fetch(renderedPost.link)).text();
    expect(html, 'served with the story inside').toContain(hero.headline);
    const context = await browser.createBrowserContext();
    const seen = await visit(context, renderedPost.link);
    await expectStory(seen, renderedPost.link);
    await context.close();
  });

  it("the editor's preview of a draft, logged in: ?p=<id>&preview=true", async () => {
    const context = await browser.createBrowserContext();
    await logIn(context);
    const url = `${wordpress.origin}/?p=${draft.id}&preview=true`;
    const seen = await visit(context, url);
    expect(seen.page.url(), 'the preview URL, not redirected').toBe(url);
    expect(await seen.page.title()).toContain('a draft');
    await expectStory(seen, url);
    await context.close();
  });

  it('a page nested three levels deep, at an address with a query string and a hash', async () => {
    const customers = await wordpress.createPage({ title: 'Customers', slug: 'customers', status: 'publish', content: '' });
    const healthcare = await wordpress.createPage({ title: 'Healthcare', slug: 'healthcare', parent: customers.id, status: 'publish', content: '' });
    const page = (await wordpress.createPage({
      title: 'Redcliffe Labs',
      slug: 'redcliffe-labs',
      parent: healthcare.id,
      status: 'publish',
      content: blockEditor(snippets.cms),
    })) as Post;
    expect(new URL(page.link).pathname).toBe('/customers/healthcare/redcliffe-labs/');
    const url = `${page.link}?utm_source=newsletter&utm_campaign=q4#results`;
    const context = await browser.createBrowserContext();
    const seen = await visit(context, url);
    expect(seen.page.url()).toBe(url);
    await expectStory(seen, url);
    await context.close();
  });

  it('plain permalinks (Settings → Permalinks → Plain): the story at ?p=<id>, both editors', async () => {
    await wordpress.setPermalinks('');
    try {
      for (const post of [blockPost, classicPost, renderedPost]) {
        const url = `${wordpress.origin}/?p=${post.id}`;
        const context = await browser.createBrowserContext();
        const seen = await visit(context, url);
        expect(seen.page.url(), 'the plain permalink, not redirected').toBe(url);
        await expectStory(seen, url);
        await context.close();
      }
    } finally {
      await wordpress.setPermalinks('/%year%/%monthnum%/%day%/%postname%/');
    }
  });

  describe('with `redcliffe-leads serve` on another origin', () => {
    let work: string;
    let leadsDb: string;
    let serve: ServeProcess;
    let pasted: string;
    beforeAll(async () => {
      work = await mkdtemp(path.join(tmpdir(), 'rcs-wp-leads-'));
      leadsDb = path.join(work, 'leads.db');
      const port = await new Promise<number>((resolve) => {
        const probe = http.createServer().listen(0, '127.0.0.1', () => {
          const { port: free } = probe.address() as AddressInfo;
          probe.close(() => resolve(free));
        });
      });
      // As docs/cms.md says: the lead server's public address, and the site that embeds the element.
      serve = await startServeProcess({
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
        CORS_ORIGINS: wordpress.origin,
        LEADS_DB: leadsDb,
      });
      // What the editor receives and pastes, verbatim.
      pasted = runCli(['snippet', '--origin', serve.origin], {});
    }, 60_000);
    afterAll(async () => {
      if (serve?.child.exitCode === null) {
        serve.child.kill('SIGTERM');
        await serve.exited;
      }
      if (work) await rm(work, { recursive: true, force: true });
    });

    it("a visitor's download on the post reaches it: the lead stored, the PDF downloaded", async () => {
      expect(pasted).toContain(`endpoint="${serve.origin}/api/download-case-study/"`);
      const post = (await wordpress.createPost({ title: 'Redcliffe Labs, leads to serve', status: 'publish', content: blockEditor(pasted.trim()) })) as Post;
      const context = browser.defaultBrowserContext();
      const session = await browser.target().createCDPSession();
      const downloads = path.join(work, 'downloads');
      await allowDownloads(session, downloads);
      const seen = await visit(context, post.link);
      await expectStory(seen, post.link);
      const email = `ada.${Date.now()}@example.com`;
      await clickCta(seen.page);
      await fillLead(seen.page, { firstName: 'Ada', lastName: 'Lovelace', email });
      // A person takes longer than MIN_FILL_MS to fill the form: sooner, serve's spam token says bot.
      await new Promise((resolve) => setTimeout(resolve, MIN_FILL_MS));
      const answer = await sendLead(seen.page, '/api/download-case-study/');
      expect(new URL(answer.url()).origin, 'posted to the lead server, not to WordPress').toBe(serve.origin);
      expect(answer.status()).toBe(200);
      expect(answer.headers()['access-control-allow-origin']).toBe(wordpress.origin);
      const pdf = 'Leaflet_Case_Study_One_Pager.pdf';
      for (let i = 0; i < 100 && !(await readdir(downloads)).includes(pdf); i++) await new Promise((resolve) => setTimeout(resolve, 100));
      const saved = await readFile(path.join(downloads, pdf));
      expect(saved.subarray(0, 5).toString()).toBe('%PDF-');
      // The lead is in the server's database, with the page it was sent from.
      const leads = runCli(['export', '--format', 'ndjson'], { LEADS_DB: leadsDb })
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      const lead = leads.find((row) => JSON.stringify(row).includes(email));
      expect(lead, `no lead for ${email} in ${JSON.stringify(leads)}`).toBeDefined();
      expect(JSON.stringify(lead)).toContain(post.link);
      expect(seen.console.filter(isConsoleProblem)).toEqual([]);
      expect(seen.failed).toEqual([]);
      await seen.page.close();
    });

    it('with JavaScript disabled, the rendered story posts its plain form there: a thank-you page with the PDF, the lead stored', async () => {
      // docs/cms.md: a lead endpoint elsewhere means rendering the snippet with that endpoint
      // (renderCaseStudy, styles inline) and the entry from the lead server's assets.
      const { renderCaseStudy } = (await import(pathToFileURL(path.join(root, 'dist/ssr.js')).href)) as typeof import('../../src/ssr.js');
      const integrity = JSON.parse(await readFile(path.join(root, 'dist/integrity.json'), 'utf8')) as { version: string; files: Record<string, string> };
      const assets = `${serve.origin}/assets/${integrity.version}`;
      const renderedAt = Date.now();
      const { html } = renderCaseStudy({ path: '/', endpoint: `${serve.origin}/api/download-case-study/`, assetsUrl: assets, styles: 'inline' });
      const rendered = `<script type="module" src="${assets}/redcliffe-case-study.js" integrity="${integrity.files['dist/redcliffe-case-study.js']}" crossorigin="anonymous"></script>\n${html}`;
      const post = (await wordpress.createPost({
        title: 'Redcliffe Labs, rendered, leads to serve',
        status: 'publish',
        content: blockEditor(rendered),
      })) as Post;
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setJavaScriptEnabled(false);
      // A PDF the page opens is answered with 204 here, so headless Chromium starts no download
      // (the file itself is fetched below).
      await page.setRequestInterception(true);
      page.on('request', (request) => void (request.url().endsWith('.pdf') ? request.respond({ status: 204 }) : request.continue()));
      await page.goto(post.link, { waitUntil: 'networkidle0' });
      await page.bringToFront();
      const lastName = `Rao-WordPress-${Date.now()}`;
      for (const [key, text] of [
        ['firstName', 'Asha'],
        ['lastName', lastName],
        ['email', 'asha@example.com'],
      ] as const) {
        await (await page.$(`pierce/.cta__form input[name="${fieldOf(key).name}"]`))!.click();
        await page.keyboard.type(text);
      }
      // A person takes a moment to type three fields; a form sent sooner is judged a script's (spam,
      // left out of the export below).
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, renderedAt + MIN_FILL_MS + 500 - Date.now())));
      const sent = page.waitForResponse((response) => response.request().method() === 'POST', { timeout: 15_000 });
      await page.keyboard.press('Enter');
      const asked = await sent;
      expect(new URL(asked.url()).origin, 'posted to the lead server').toBe(serve.origin);
      // A form in static HTML carries no spam token: serve answers the form again with one and what
      // was typed (issue 41), and a press of its button sends the lead.
      expect(asked.status()).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const confirmed = page.waitForResponse((response) => response.request().method() === 'POST', { timeout: 15_000 });
      await page.click('button[type="submit"]');
      const answer = await confirmed;
      // The thank-you page, with the PDF's link (issue 43).
      expect(answer.status()).toBe(200);
      await page.waitForSelector('a.action');
      const location = new URL(await page.$eval('a.action', (link) => link.getAttribute('href') ?? ''), serve.origin);
      expect(location.pathname).toMatch(/\/Leaflet_Case_Study_One_Pager\.pdf$/);
      const file = await fetch(location);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(
        Buffer.from(await file.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      const leads = runCli(['export', '--format', 'ndjson'], { LEADS_DB: leadsDb }).trim().split('\n');
      expect(
        leads.filter((line) => line.includes(lastName)),
        'one lead stored, not taken for spam',
      ).toHaveLength(1);
      await context.close();
    });
  });

  describe('leads straight to HubSpot, with no lead server', () => {
    let standIn: Awaited<ReturnType<typeof startHubspotStandIn>>;
    let hubspotBrowser: Browser;
    beforeAll(async () => {
      standIn = await startHubspotStandIn();
      hubspotBrowser = await puppeteer.launch({ ...launchOptions, args: [...launchOptions.args, ...standIn.hostResolverArgs] });
    }, 60_000);
    afterAll(async () => {
      await hubspotBrowser?.close();
      await standIn?.close();
    });

    it('the snippet `redcliffe-leads snippet --hubspot-portal … --hubspot-form …` prints, pasted unedited: a valid v3 submission, the PDF saved', async () => {
      const pasted = runCli(['snippet', '--hubspot-portal', HUBSPOT_PORTAL, '--hubspot-form', HUBSPOT_FORM], {}).trim();
      const post = (await wordpress.createPost({ title: 'Redcliffe Labs, leads to HubSpot', status: 'publish', content: blockEditor(pasted) })) as Post;
      const page = await hubspotBrowser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      const downloads = path.join(tmpdir(), `rcs-wp-hubspot-${Date.now()}`);
      await allowDownloads(await hubspotBrowser.target().createCDPSession(), downloads);
      await page.goto(post.link, { waitUntil: 'networkidle0' });
      await clickCta(page);
      await fillLead(page, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.hubspot@example.com' });
      await (await page.$('pierce/dialog[open] button[type="submit"]'))!.click();
      const pdf = 'Leaflet_Case_Study_One_Pager.pdf';
      for (let i = 0; i < 100 && !(await readdir(downloads).catch(() => [] as string[])).includes(pdf); i++)
        await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await readFile(path.join(downloads, pdf))).equals(await readFile(path.join(root, 'dist', pdf)))).toBe(true);
      expect(standIn.state.submissions).toHaveLength(1);
      const [{ body, problems }] = standIn.state.submissions;
      expect(problems).toEqual([]);
      expect(body.fields).toContainEqual({ name: 'email', value: 'ada.hubspot@example.com' });
      expect(body.context.pageUri).toBe(post.link);
      expect(standIn.state.other).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
      await rm(downloads, { recursive: true, force: true });
    });
  });
});
