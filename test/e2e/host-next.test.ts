/**
 * The Next.js recipe of docs/react.md, built for real: a Next.js 16 app (test/hosts/next/, app router,
 * `cacheComponents: true`) gets the recipe's route handler and page verbatim and the packed
 * tarball in its node_modules; `next build` must pass (the old recipe's `export const runtime`
 * failed it), then `next start` runs behind a proxy that, like nginx's default, sends Next
 * `Host: localhost:<port>`. In Chromium, on the public address, a lead goes through the dialog:
 * the answer's `pdf_url` is on the public origin (PUBLIC_ORIGIN), the PDF downloads and the page's
 * `onCaseStudyDownload` fires after server rendering and hydration.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser, type CDPSession } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchOptions } from '../../scripts/chromium.mjs';
import defaultStory from '../../src/shared/story/stories/redcliffe-labs.json' with { type: 'json' };

const { hero } = defaultStory;
import { allowDownloads, clickCta, fillLead, openWatched, sendLead, waitForConsole } from './hosts/browser.js';
import { docBlock, installPackedPackage, onePagerPdf, root } from './hosts/package.js';

const APP = path.join(root, 'test/hosts/next');
const NEXT = path.join(root, 'node_modules/next/dist/bin/next');
const PAGE = '/case-study/redcliffe-labs';
const ENDPOINT = '/api/download-case-study';
const PDF = 'Leaflet_Case_Study_One_Pager.pdf';

let work: string;
let pdfFile: string;
let build: { status: number | null; output: string; seconds: number };
let next: ChildProcess | undefined;
let nextOrigin: string;
let proxy: http.Server;
let publicOrigin: string;
let browser: Browser;
let session: CDPSession;

const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(APP, file)), { recursive: true });
  writeFileSync(path.join(APP, file), text);
};

/** `next start` on a free port; resolves with its origin once it says it is ready. */
function startNext(env: NodeJS.ProcessEnv): Promise<string> {
  next = spawn(process.execPath, [NEXT, 'start', '--hostname', '127.0.0.1', '--port', '0'], {
    cwd: APP,
    env,
    detached: true, // its own process group, so afterAll stops it and any worker it starts
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`next start not ready in 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const port = output.match(/https?:\/\/[\w.[\]:-]+?:(\d+)/)?.[1];
      if (port && /Ready/i.test(output)) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    };
    next!.stdout!.on('data', onData);
    next!.stderr!.on('data', onData);
    next!.on('exit', (code) => reject(new Error(`next start exited (${code}):\n${output}`)));
  });
}

/** The site's front door: forwards everything to Next, saying `Host: localhost:<next port>` as nginx does by default. */
function startProxy(): Promise<string> {
  proxy = http.createServer((req, res) => {
    const target = new URL(nextOrigin);
    const headers = { ...req.headers, host: `localhost:${target.port}`, 'x-real-ip': req.socket.remoteAddress ?? '' };
    const upstream = http.request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return new Promise((resolve) => proxy.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(proxy.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'rcs-next-host-'));
  const packageDir = await installPackedPackage(APP);
  // The recipe's two files, as written in docs/react.md.
  write('app/api/download-case-study/route.ts', await docBlock('react.md', '`app/api/download-case-study/route.ts`:', 'ts'));
  write('app/case-study/redcliffe-labs/page.tsx', await docBlock('react.md', '`app/case-study/redcliffe-labs/page.tsx`:', 'tsx'));
  mkdirSync(path.join(APP, 'public'), { recursive: true });
  pdfFile = onePagerPdf(packageDir);
  copyFileSync(pdfFile, path.join(APP, 'public', PDF));

  const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' };
  const started = Date.now();
  const result = spawnSync(process.execPath, [NEXT, 'build'], { cwd: APP, env, encoding: 'utf8', timeout: 300_000 });
  build = { status: result.status, output: `${result.stdout}${result.stderr}`, seconds: (Date.now() - started) / 1000 };
  console.log(`next build: ${build.seconds.toFixed(1)} s`);
  if (build.status !== 0) return;

  publicOrigin = await startProxy();
  // Both store settings (LEADS_DIR for a file store, LEADS_DB for a database file) point into a folder made here.
  const leads = path.join(work, 'leads');
  mkdirSync(leads, { mode: 0o700 });
  const startedNext = Date.now();
  nextOrigin = await startNext({ ...env, PUBLIC_ORIGIN: publicOrigin, LEADS_DIR: leads, LEADS_DB: path.join(leads, 'leads.db') });
  console.log(`next start: ready in ${((Date.now() - startedNext) / 1000).toFixed(1)} s`);
  browser = await puppeteer.launch(launchOptions);
  session = await browser.target().createCDPSession();
  await allowDownloads(session, path.join(work, 'downloads'));
}, 400_000);

afterAll(async () => {
  await session?.detach().catch(() => {});
  await browser?.close();
  if (next?.pid && next.exitCode === null) {
    const exited = new Promise((resolve) => next!.once('exit', resolve));
    process.kill(-next.pid, 'SIGTERM');
    await exited;
  }
  await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)));
  if (work) await rm(work, { recursive: true, force: true });
});

describe("docs/react.md's Next.js recipe in a built Next.js 16 app", () => {
  it('next build passes with cacheComponents (no route segment config)', () => {
    expect(build.status, build.output).toBe(0);
    expect(build.output).not.toMatch(/not compatible with nextConfig\.cacheComponents/);
  });

  it('the page is server-rendered with the element and its attributes', async () => {
    const html = await (await fetch(`${publicOrigin}${PAGE}`)).text();
    const tag = html.match(/<redcliffe-case-study[^>]*>/)?.[0] ?? '';
    expect(tag).toMatch(/ base="\/case-study\/redcliffe-labs"/);
    expect(tag).toMatch(/ endpoint="\/api\/download-case-study"/);
  });

  it('a server component page renders <RedcliffeCaseStudy> without callbacks (the entry is a client module)', async () => {
    const html = await (await fetch(`${publicOrigin}/server-component`)).text();
    expect(html.match(/<redcliffe-case-study[^>]*>/)?.[0]).toMatch(/ class="story" base="\/server-component"/);
    const watched = await openWatched(browser, `${publicOrigin}/server-component`);
    try {
      const h1 = await watched.page.waitForSelector('pierce/h1', { timeout: 15_000 });
      expect(await h1!.evaluate((el) => el.textContent)).toBe(hero.headline);
      expect(await watched.page.$eval('redcliffe-case-study', (el) => el.className)).toBe('story');
      expect(watched.pageErrors).toEqual([]);
      expect(watched.console.filter((line) => line.startsWith('error:'))).toEqual([]);
    } finally {
      await watched.page.close();
    }
  }, 60_000);

  it('a lead sent through the dialog gets the PDF on the public origin, and onCaseStudyDownload fires after hydration', async () => {
    const watched = await openWatched(browser, `${publicOrigin}${PAGE}`);
    const { page } = watched;
    try {
      const h1 = await page.waitForSelector('pierce/h1', { timeout: 15_000 });
      expect(await h1!.evaluate((el) => el.textContent)).toBe(hero.headline);
      await clickCta(page);
      await fillLead(page, { firstName: 'Grace', lastName: 'Hopper', email: 'grace.next@example.com' });
      const answer = await sendLead(page, ENDPOINT);
      expect(answer.status()).toBe(200);
      // Next saw Host: localhost:<port>; the address comes from PUBLIC_ORIGIN.
      expect(new URL(nextOrigin).port).not.toBe(new URL(publicOrigin).port);
      expect(await answer.json()).toEqual({ pdf_url: `${publicOrigin}/${PDF}` });
      await waitForConsole(watched, new RegExp(`^log: downloaded ${publicOrigin}/${PDF}$`), 15_000);
      expect(
        watched.console.filter((line) => line.startsWith('log: downloaded ')),
        'onCaseStudyDownload once',
      ).toHaveLength(1);

      // Saved under its name (same origin, so fetched and saved, not opened in a tab on localhost).
      const saved = path.join(work, 'downloads', PDF);
      for (let i = 0; i < 100 && !(await readdir(path.dirname(saved))).includes(PDF); i++) await new Promise((r) => setTimeout(r, 100));
      expect((await readFile(saved)).equals(await readFile(pdfFile))).toBe(true);
      expect(await browser.pages().then((pages) => pages.map((p) => p.url()).filter((url) => url.includes(PDF)))).toEqual([]);

      expect(await readdir(path.join(work, 'leads')), 'the lead store wrote nothing').not.toEqual([]);
      expect(watched.pageErrors).toEqual([]);
      expect(watched.console.filter((line) => line.startsWith('error:'))).toEqual([]);
    } finally {
      await page.close();
    }
  }, 90_000);
});
