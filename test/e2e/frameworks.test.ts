/**
 * The recipes of docs/frameworks.md, as a new user would run them: the packed tarball in a fresh
 * app per framework (made in the system temp dir, its node_modules linked to one cached install of
 * the framework packages, see hosts/framework-deps.ts), each built with its own tool and driven in
 * Chromium: the story renders, the recipe's event handler hears `case-study-download`,
 * server-rendered pages hydrate with no warning, and the console stays clean. vue-tsc,
 * svelte-check and tsc accept each recipe and reject a misspelt attribute, event and `detail`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchOptions } from '../../scripts/chromium.mjs';
import defaultStory from '../../src/shared/story/stories/redcliffe-labs.json' with { type: 'json' };

const { hero } = defaultStory;
import { VERSION } from '../../src/version.js';
import { allowDownloads, clickCta, expectSliderAnswersKeys, fillLead, isConsoleProblem, sendLead, type WatchedPage } from './hosts/browser.js';
import { ensureFrameworkDeps, FRAMEWORKS_CACHE, runBin } from './hosts/framework-deps.js';
import { installPackedPackage, onePagerPdf, paths, root } from './hosts/package.js';
import { FRAMEWORKS_DOC, recipeFiles } from './hosts/recipes.js';
import { contentType } from './hosts/content-types.js';

const PAGE = '/case-study/redcliffe-labs';
const ENDPOINT = '/api/download-case-study';
const PDF = '/Leaflet_Case_Study_One_Pager.pdf';
const PREFIX = `/assets/redcliffe-case-study/${VERSION}/`;

const APPS = {
  react: 'React 19 + Vite (one React)',
  vue: 'Vue 3 + Vite',
  svelte: 'Svelte 5 + Vite',
  sveltekit: 'SvelteKit',
  astro: 'Astro',
  express: 'Express (or any Node server)',
  vanilla: 'Plain Vite, strict TypeScript',
  vueJsx: 'Vue JSX',
  preact: 'Preact',
  solid: 'Solid',
} as const;
type AppName = keyof typeof APPS;

let work: string;
let pdfFile: string;
let browser: Browser;
const apps = {} as Record<AppName | 'reactOwn', string>;
const origins = new Map<AppName, string>();
/** The modules Vite put into each React app's bundle. */
const reactBundles: Record<'react' | 'reactOwn', string[]> = { react: [], reactOwn: [] };
const servers: http.Server[] = [];
const children: ChildProcess[] = [];
const timings: string[] = [];

async function timed<T>(label: string, task: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await task();
  } finally {
    timings.push(`${label} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

/**
 * The Express recipe installs `better-sqlite3` for its lead store. Compiling it into the framework
 * cache takes minutes offline, so the cache links this repository's install of it (a devDependency,
 * the same major the recipe installs) instead.
 */
async function linkSqliteDriver() {
  const target = path.join(FRAMEWORKS_CACHE, 'node_modules/better-sqlite3');
  if (!existsSync(target)) await symlink(path.join(root, 'node_modules/better-sqlite3'), target, 'junction');
}

/** A fresh app folder with the recipe's files, `node_modules` linked to the cached install (which holds the unpacked tarball). */
async function makeApp(name: AppName): Promise<string> {
  const dir = path.join(work, name);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: `recipe-${name}`, private: true, type: 'module' }, null, 2));
  await symlink(path.join(FRAMEWORKS_CACHE, 'node_modules'), path.join(dir, 'node_modules'), 'junction');
  for (const [file, text] of await recipeFiles(APPS[name])) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  return dir;
}

/** The lead endpoint (the contract's 200 with the PDF's address) and the PDF, which the recipes leave to the app; true when answered. */
async function leadRoutes(req: http.IncomingMessage, res: http.ServerResponse): Promise<boolean> {
  const { pathname } = new URL(req.url ?? '/', 'http://host');
  if (pathname === ENDPOINT && req.method === 'POST') {
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ pdf_url: PDF }));
    return true;
  }
  if (pathname === PDF) {
    res.writeHead(200, { 'content-type': 'application/pdf' }).end(await readFile(pdfFile));
    return true;
  }
  return false;
}

async function listen(server: http.Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

/** Stands in front of an app's own server, adding the lead endpoint and the PDF. */
function serveProxy(target: string): Promise<string> {
  return listen(
    http.createServer(async (req, res) => {
      if (await leadRoutes(req, res)) return;
      const upstream = http.request(`${target}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
    }),
  );
}

/** A port nothing listens on, for servers that take theirs from the environment. */
async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts `node <args>` in `dir`; resolves once its output matches `ready`. */
function startServer(dir: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: dir, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    children.push(child);
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = output.match(ready);
      if (match) resolve(match);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`node ${args.join(' ')} exited (${code}):\n${output}`)));
  });
}

/**
 * Serves a built static site (`dist/`): files as they are, `dir/` as `dir/index.html`, and other
 * extension-less paths as the single-page app's index.html; plus the lead endpoint and the PDF.
 */
async function serveStatic(dist: string): Promise<string> {
  const server = http.createServer(async (req, res) => {
    if (await leadRoutes(req, res)) return;
    const url = new URL(req.url ?? '/', 'http://host');
    let file = path.join(dist, decodeURIComponent(url.pathname));
    if (!file.startsWith(dist)) return void res.writeHead(403).end();
    const info = await stat(file).catch(() => undefined);
    if (info?.isDirectory()) file = path.join(file, 'index.html');
    else if (!info && !path.extname(file)) file = path.join(dist, 'index.html');
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': contentType(file) }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return listen(server);
}

beforeAll(async () => {
  for (const file of ['assets.js', 'types/vue.d.ts', 'types/svelte.d.ts']) {
    if (!existsSync(path.join(paths.dist, file))) throw new Error(`dist/${file} is missing: run \`npm run build\` first`);
  }
  const installSeconds = await timed('install framework packages (cached)', ensureFrameworkDeps);
  if (installSeconds) timings.push(`(first install ${installSeconds.toFixed(0)} s)`);
  await linkSqliteDriver();
  const packageDir = await timed('npm pack + unpack', () => installPackedPackage(FRAMEWORKS_CACHE));
  pdfFile = onePagerPdf(packageDir);
  work = await mkdtemp(path.join(tmpdir(), 'rcs-frameworks-'));
  for (const name of Object.keys(APPS) as AppName[]) apps[name] = await makeApp(name);

  // One build at a time: the machine's cores are shared.
  for (const name of ['vue', 'svelte', 'vanilla'] as const) {
    // Vue's development build, which warns (`Failed to resolve component`) where the production build is silent.
    const env = name === 'vue' ? { NODE_ENV: 'development' } : {};
    await timed(`vite build ${name}`, () => runBin('vite/bin/vite.js', ['build', '--logLevel', 'error'], apps[name], env));
    origins.set(name, await serveStatic(path.join(apps[name], 'dist')));
  }
  // The React recipe is built by Vite's API, which says which modules went into the bundle; and
  // again with `redcliffe-case-study/react` (the element with its own React), to compare.
  const ownReact = path.join(work, 'react-own');
  await cp(apps.react, ownReact, { recursive: true });
  const main = path.join(ownReact, 'src/main.tsx');
  await writeFile(main, (await readFile(main, 'utf8')).replace("from 'redcliffe-case-study/react-app'", "from 'redcliffe-case-study/react'"));
  apps.reactOwn = ownReact;
  const vite = (await import(pathToFileURL(path.join(FRAMEWORKS_CACHE, 'node_modules/vite/dist/node/index.js')).href)) as typeof import('vite');
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production'; // not vitest's `test`: React's production build, as users ship
  try {
    for (const [name, dir] of [
      ['react', apps.react],
      ['reactOwn', ownReact],
    ] as const) {
      const result = (await timed(`vite build ${name}`, () => vite.build({ root: dir, logLevel: 'error' }))) as import('vite').Rollup.RollupOutput;
      reactBundles[name] = result.output.flatMap((chunk) => (chunk.type === 'chunk' ? chunk.moduleIds : []));
    }
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  origins.set('react', await serveStatic(path.join(apps.react, 'dist')));
  await timed('astro build', () => runBin('astro/astro.js', ['build', '--silent'], apps.astro, { ASTRO_TELEMETRY_DISABLED: '1' }));
  origins.set('astro', await serveStatic(path.join(apps.astro, 'dist')));
  const [, expressPort] = await timed('express start', () => startServer(apps.express, ['server.mjs'], { PORT: '0' }, /listening on http:\/\/localhost:(\d+)/));
  origins.set('express', `http://127.0.0.1:${expressPort}`);
  await timed('sveltekit build', () => runBin('vite/bin/vite.js', ['build', '--logLevel', 'error'], apps.sveltekit));
  const kitPort = await freePort();
  await timed('sveltekit start', () => startServer(apps.sveltekit, ['build'], { PORT: String(kitPort), HOST: '127.0.0.1' }, /Listening on/));
  origins.set('sveltekit', await serveProxy(`http://127.0.0.1:${kitPort}`));

  browser = await puppeteer.launch(launchOptions);
  const session = await browser.target().createCDPSession();
  await allowDownloads(session, path.join(work, 'downloads'));
}, 600_000);

afterAll(async () => {
  await browser?.close();
  for (const child of children) child.kill();
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  if (work && !process.env.KEEP_FRAMEWORK_APPS) await rm(work, { recursive: true, force: true });
  console.log(`frameworks e2e: ${timings.join(', ')}`);
});

interface Watched extends WatchedPage {
  /** Every answer with a 4xx/5xx status, as `status path`. */
  failed: string[];
}

/** Like openWatched, recording failed requests too (Chromium's console line for them names no URL). */
async function open(url: string): Promise<Watched> {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  const watched: Watched = { page, console: [], pageErrors: [], failed: [] };
  page.on('console', (message) => watched.console.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => watched.pageErrors.push(String((error as Error).message ?? error)));
  page.on('response', (response) => {
    if (response.status() >= 400) watched.failed.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  await page.goto(url, { waitUntil: 'networkidle0' });
  return watched;
}

/**
 * No page error, no console error or warning (a hydration mismatch or a Vue resolve warning would
 * show here), and no failed request but the browser's own /favicon.ico, which these apps don't have.
 */
function expectCleanConsole(watched: Watched) {
  expect(watched.pageErrors).toEqual([]);
  expect(watched.failed.filter((line) => line !== '404 /favicon.ico')).toEqual([]);
  const favicon = watched.failed.length;
  const problems = watched.console.filter(isConsoleProblem);
  const notFound = problems.filter((line) => /^error: Failed to load resource: .* 404 /.test(line));
  expect(notFound.length).toBeLessThanOrEqual(favicon);
  expect(problems.filter((line) => !notFound.includes(line))).toEqual([]);
}

/** Sends a lead through the dialog (already open) and waits for the recipe's handler to show the PDF's address. */
async function downloadAndExpectHandler(page: Page, origin: string, who: string) {
  await fillLead(page, { firstName: 'Ada', lastName: 'Lovelace', email: `ada.${who}@example.com` });
  const answer = await sendLead(page, ENDPOINT);
  expect(answer.status()).toBe(200);
  await page.waitForFunction(
    (expected) => [...document.querySelectorAll('[role="status"]')].some((node) => node.textContent?.trim() === expected),
    { timeout: 15_000 },
    `Downloaded ${origin}${PDF}`,
  );
}

describe('docs/frameworks.md recipes, built from the packed tarball', () => {
  for (const name of ['react', 'vue', 'svelte', 'vanilla'] as const) {
    it(`${APPS[name]}: the story renders where the app opens, the button calls openDownload(), the handler hears case-study-download`, async () => {
      const origin = origins.get(name)!;
      // Where the dev server opens: the recipe gives no `base`, so the story (not the 404 page) shows there.
      const watched = await open(`${origin}/`);
      const { page } = watched;
      try {
        const h1 = await page.waitForSelector('pierce/h1', { timeout: 15_000 });
        expect(await h1!.evaluate((node) => node.textContent)).toBe(hero.headline);
        expect(await page.$eval('redcliffe-case-study', (node) => [node.getAttribute('base'), node.getAttribute('endpoint')])).toEqual([null, ENDPOINT]);
        const [button] = await page.$$('xpath/.//button[normalize-space()="Get the one-pager"]');
        await button!.click();
        await downloadAndExpectHandler(page, origin, name);
        expectCleanConsole(watched);
      } finally {
        await page.close();
      }
    }, 60_000);
  }

  it('React 19 + Vite with /react-app ships one React: smaller than with /react, as docs/frameworks.md says', async () => {
    /** The built app's JavaScript, total gzip size. */
    const gzip = async (dir: string) => {
      const assets = path.join(dir, 'dist/assets');
      const code = await Promise.all((await readdir(assets)).filter((file) => file.endsWith('.js')).map((file) => readFile(path.join(assets, file))));
      return code.reduce((sum, file) => sum + gzipSync(file, { level: 9 }).length, 0);
    };
    const shared = await gzip(apps.react);
    const own = await gzip(apps.reactOwn);
    timings.push(`(React app: ${(own / 1000).toFixed(1)} kB gzip with /react, ${(shared / 1000).toFixed(1)} kB with /react-app)`);
    // The app's react-dom is bundled in both; the package's files that carry a React of their own
    // (dist/chunks/, the standalone build) only with /react.
    const appReactDom = (ids: string[]) => ids.filter((id) => /[\\/]node_modules[\\/]react-dom[\\/]cjs[\\/]react-dom-client\.production\.js$/.test(id));
    const ownCopy = (ids: string[]) => ids.filter((id) => /[\\/]redcliffe-case-study[\\/]dist[\\/]chunks[\\/]core-/.test(id));
    expect(appReactDom(reactBundles.react)).toHaveLength(1);
    expect(ownCopy(reactBundles.react)).toEqual([]);
    expect(
      reactBundles.react.some((id) => /[\\/]dist[\\/]react-app[\\/]chunks[\\/]core-/.test(id)),
      'the element is in the bundle',
    ).toBe(true);
    expect(appReactDom(reactBundles.reactOwn)).toHaveLength(1);
    expect(ownCopy(reactBundles.reactOwn), "the element's own React is in the /react build").toHaveLength(1);
    expect(own - shared).toBeGreaterThan(50_000);
    // The packaged PDF the element names by new URL(…, import.meta.url) (HubSpot mode) is a file of
    // the package, so Vite copies it into the app's build instead of warning about a missing file.
    expect((await readdir(path.join(apps.react, 'dist/assets'))).filter((file) => /^Leaflet_Case_Study_One_Pager-[\w-]+\.pdf$/.test(file))).toHaveLength(1);
    // The figures the doc gives, within 2 %.
    const doc = await readFile(FRAMEWORKS_DOC, 'utf8');
    const [, after, before] = doc.match(/that\s+is ([\d.]+) kB gzip of JavaScript instead of ([\d.]+) kB/) ?? [];
    expect(Math.abs(Number(after) * 1000 - shared) / shared, `docs say ${after} kB, measured ${shared / 1000}`).toBeLessThan(0.02);
    expect(Math.abs(Number(before) * 1000 - own) / own, `docs say ${before} kB, measured ${own / 1000}`).toBeLessThan(0.02);
  });

  it('Astro: the built page holds the story as HTML with its stylesheet, hydrates without a warning, and the page script hears case-study-download', async () => {
    const origin = origins.get('astro')!;
    const html = await (await fetch(`${origin}${PAGE}/`)).text();
    expect(html).toContain('<template shadowrootmode="open">');
    expect(html).toContain(hero.headline);
    expect(html).toContain(`href="${PREFIX}redcliffe-case-study.css"`);
    // The files came from the package into dist/, and only those.
    expect((await fetch(`${origin}${PREFIX}redcliffe-case-study.css`)).status).toBe(200);
    expect(existsSync(path.join(apps.astro, 'dist', PREFIX, 'ssr.js'))).toBe(false);

    const watched = await open(`${origin}${PAGE}/`);
    const { page } = watched;
    try {
      await expectSliderAnswersKeys(page);
      await clickCta(page);
      await downloadAndExpectHandler(page, origin, 'astro');
      expectCleanConsole(watched);
    } finally {
      await page.close();
    }
  }, 60_000);

  it("SvelteKit: the server-rendered page holds the story, hydrates without a warning, <svelte:document> hears case-study-download, the hook serves only the element's files", async () => {
    const origin = origins.get('sveltekit')!;
    const html = await (await fetch(`${origin}${PAGE}`)).text();
    expect(html).toContain('<template shadowrootmode="open">');
    expect(html).toContain(hero.headline);
    const css = await fetch(`${origin}${PREFIX}redcliffe-case-study.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await fetch(`${origin}${PREFIX}ssr.js`)).status).toBe(404);

    const watched = await open(`${origin}${PAGE}`);
    const { page } = watched;
    try {
      await expectSliderAnswersKeys(page);
      await clickCta(page);
      await downloadAndExpectHandler(page, origin, 'sveltekit');
      expectCleanConsole(watched);
    } finally {
      await page.close();
    }
  }, 60_000);

  it("Express: renders the story per request (404 off the story), serves only the element's files, takes a lead, and hydrates without a warning", async () => {
    const origin = origins.get('express')!;
    const story = await fetch(`${origin}${PAGE}`);
    expect(story.status).toBe(200);
    const html = await story.text();
    expect(html).toContain('<template shadowrootmode="open">');
    expect(html).toContain(hero.headline);
    expect((await fetch(`${origin}${PAGE}/no-such-page`)).status).toBe(404);
    const css = await fetch(`${origin}${PREFIX}redcliffe-case-study.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    for (const privateFile of ['ssr.js', 'server/index.js', 'types/index.d.ts']) {
      expect((await fetch(`${origin}${PREFIX}${privateFile}`)).status, privateFile).toBe(404);
    }
    // The recipe's three lines of lead endpoint: a lead is stored and answered with the packaged PDF, which the app serves.
    const data = { 'First Name': 'Ada', 'Last Name': 'Lovelace', 'Work Email': 'ada.express@example.com', page_url: `${origin}${PAGE}` };
    const lead = await fetch(`${origin}${ENDPOINT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: '', data: { referrer: '', utm_source: '', utm_medium: '', utm_campaign: '', utm_term: '', utm_content: '', ...data } }),
    });
    expect(lead.status).toBe(200);
    const { pdf_url: pdfUrl } = (await lead.json()) as { pdf_url: string };
    expect(pdfUrl).toBe(`${origin}${PREFIX}Leaflet_Case_Study_One_Pager.pdf`);
    const pdf = await fetch(pdfUrl);
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    expect(existsSync(path.join(apps.express, '.leads/leads.db')), 'stored in SQLite').toBe(true);

    const watched = await open(`${origin}${PAGE}`);
    try {
      await expectSliderAnswersKeys(watched.page);
      expectCleanConsole(watched);
    } finally {
      await watched.page.close();
    }
  }, 60_000);
});

describe('template types catch misspellings', () => {
  /** Runs a checker that must fail; returns its output. */
  async function failingRun(bin: string, args: string[], cwd: string): Promise<string> {
    try {
      await runBin(bin, args, cwd);
    } catch (error) {
      const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
      return `${stdout}${stderr}`;
    }
    throw new Error(`${bin} accepted the misspellings`);
  }

  it('vue-tsc accepts the Vue recipe and rejects a misspelt attribute, event and detail', async () => {
    await writeFile(
      path.join(apps.vue, 'src/Misspelt.vue'),
      `<template>
  <redcliffe-case-study bas="/x" />
  <redcliffe-case-study @case-study-downlaod="() => {}" />
  <redcliffe-case-study @case-study-download="(event) => event.detail.message" />
</template>
`,
    );
    const output = await timed('vue-tsc', () => failingRun('vue-tsc/bin/vue-tsc.js', ['-p', '.', '--pretty', 'false'], apps.vue));
    const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));
    expect(
      errors.every((line) => line.startsWith('src/Misspelt.vue')),
      output,
    ).toBe(true);
    expect(output).toMatch(/Misspelt\.vue\(2,\d+\): error TS\d+: .*'bas' does not exist/);
    expect(output).toMatch(/Misspelt\.vue\(3,\d+\): error TS\d+: .*'onCaseStudyDownlaod' does not exist/);
    expect(output).toMatch(/Misspelt\.vue\(4,\d+\): error TS2339: Property 'message' does not exist on type 'CaseStudyDownloadDetail'/);
    expect(errors).toHaveLength(3);
  }, 120_000);

  it('svelte-check accepts the Svelte recipe and rejects a misspelt attribute, event attribute and detail (on the tag and <svelte:document>)', async () => {
    // The recipe's own tsconfig.json (docs/frameworks.md), as written.
    await writeFile(
      path.join(apps.svelte, 'src/Misspelt.svelte'),
      `<script lang="ts"></script>
<redcliffe-case-study bas="/x"></redcliffe-case-study>
<redcliffe-case-study oncase-study-downlaod={() => {}}></redcliffe-case-study>
<redcliffe-case-study oncase-study-download={(event) => event.detail.message}></redcliffe-case-study>
<svelte:document oncase-study-error={(event) => event.detail.pdfUrl} />
`,
    );
    const output = await timed('svelte-check', () =>
      failingRun('svelte-check/bin/svelte-check', ['--tsconfig', './tsconfig.json', '--output', 'machine', '--fail-on-warnings'], apps.svelte),
    );
    const errors = output.split('\n').filter((line) => / (ERROR|WARNING) /.test(line));
    expect(
      errors.every((line) => line.includes('"src/Misspelt.svelte"')),
      output,
    ).toBe(true);
    expect(output).toMatch(/"src\/Misspelt\.svelte" 2:\d+ ".*'\\?"bas\\?"' does not exist/);
    expect(output).toMatch(/"src\/Misspelt\.svelte" 3:\d+ ".*'\\?"oncase-study-downlaod\\?"' does not exist/);
    expect(output).toMatch(/"src\/Misspelt\.svelte" 4:\d+ "Property 'message' does not exist on type 'CaseStudyDownloadDetail'/);
    expect(output).toMatch(/"src\/Misspelt\.svelte" 5:\d+ "Property 'pdfUrl' does not exist on type 'CaseStudyErrorDetail'/);
    expect(errors).toHaveLength(4);
  }, 120_000);

  // A misspelt hyphenated event prop can't fail in JSX (TypeScript lets hyphenated names through); Vue's camel-cased one can.
  for (const [name, entry, event, misspeltEvent] of [
    ['vueJsx', 'vue', 'onCaseStudyDownload', 'onCaseStudyDownlaod'],
    ['preact', 'preact', 'oncase-study-download', undefined],
    ['solid', 'solid', 'on:case-study-download', undefined],
  ] as const) {
    it(`tsc --strict accepts the ${APPS[name]} recipe and rejects a misspelt attribute${misspeltEvent ? ', event' : ''} and detail in its JSX`, async () => {
      const lines = [
        `import 'redcliffe-case-study/${entry}';`,
        'export const attribute = <redcliffe-case-study bas="/x" />;',
        `export const detail = <redcliffe-case-study ${event}={(event) => event.detail.message} />;`,
        ...(misspeltEvent ? [`export const event = <redcliffe-case-study ${misspeltEvent}={() => {}} />;`] : []),
      ];
      await writeFile(path.join(apps[name], 'src/Misspelt.tsx'), `${lines.join('\n')}\n`);
      const output = await timed(`tsc ${name}`, () => failingRun('typescript/bin/tsc', ['-p', '.', '--pretty', 'false'], apps[name]));
      const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));
      expect(
        errors.every((line) => line.startsWith('src/Misspelt.tsx')),
        output,
      ).toBe(true);
      expect(output).toMatch(/Misspelt\.tsx\(2,\d+\): error TS2322: .*\n.*Property 'bas' does not exist/);
      expect(output).toMatch(/Misspelt\.tsx\(3,\d+\): error TS2339: Property 'message' does not exist on type 'CaseStudyDownloadDetail'/);
      if (misspeltEvent) expect(output).toMatch(new RegExp(`Misspelt\\.tsx\\(4,\\d+\\): error TS2322: .*\\n.*Property '${misspeltEvent}' does not exist`));
      expect(errors).toHaveLength(misspeltEvent ? 3 : 2);
    }, 60_000);
  }

  it('tsc --strict accepts the plain TypeScript recipe and rejects a misspelt method and detail', async () => {
    // The recipe's own tsconfig.json (docs/frameworks.md), as written.
    await writeFile(
      path.join(apps.vanilla, 'src/misspelt.ts'),
      `import 'redcliffe-case-study';
const story = document.querySelector('redcliffe-case-study')!;
story.openDownlaod();
story.addEventListener('case-study-download', (event) => event.detail.message);
`,
    );
    const output = await timed('tsc', () => failingRun('typescript/bin/tsc', ['-p', '.', '--pretty', 'false'], apps.vanilla));
    const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));
    expect(
      errors.every((line) => line.startsWith('src/misspelt.ts')),
      output,
    ).toBe(true);
    expect(output).toMatch(/misspelt\.ts\(3,\d+\): error TS2551: Property 'openDownlaod' does not exist/);
    expect(output).toMatch(/misspelt\.ts\(4,\d+\): error TS2339: Property 'message' does not exist on type 'CaseStudyDownloadDetail'/);
    expect(errors).toHaveLength(2);
  }, 60_000);
});
