/**
 * An app that imports `redcliffe-case-study/react-app` beside another entry of the package: its
 * bundler follows both imports, so the page downloads two builds of the element and two Reacts.
 * The package can't stop a bundler from doing that, so the second build says so in the console,
 * naming the imports to change (src/define.ts), as docs/react.md promises. Bundled here with esbuild
 * from the built dist/ files through the package's own `exports`, and run in Chromium.
 */
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import puppeteer, { type Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchOptions } from '../../scripts/chromium.mjs';
import { root } from './hosts/package.js';

let work: string;
let server: http.Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'rcs-two-builds-'));
  // The app's node_modules: this repository as the package (resolved through its `exports`), React from its install.
  await writeFile(path.join(work, 'package.json'), JSON.stringify({ name: 'two-builds', private: true, type: 'module' }));
  await mkdir(path.join(work, 'node_modules'));
  await symlink(root, path.join(work, 'node_modules/redcliffe-case-study'), 'junction');
  for (const name of ['react', 'react-dom', 'scheduler']) {
    await symlink(path.join(root, 'node_modules', name), path.join(work, 'node_modules', name), 'junction');
  }
  // Both orders: whichever build comes second says it.
  await writeFile(path.join(work, 'standalone-first.js'), "import 'redcliffe-case-study';\nimport 'redcliffe-case-study/react-app';\n");
  await writeFile(path.join(work, 'react-app-first.js'), "import 'redcliffe-case-study/react-app';\nimport 'redcliffe-case-study';\n");
  await esbuild.build({
    absWorkingDir: work,
    entryPoints: ['standalone-first.js', 'react-app-first.js'],
    bundle: true,
    format: 'esm',
    outdir: path.join(work, 'out'),
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  const code = {
    'standalone-first': await readFile(path.join(work, 'out/standalone-first.js')),
    'react-app-first': await readFile(path.join(work, 'out/react-app-first.js')),
  };
  server = http.createServer((req, res) => {
    const name = req.url?.slice(1) as keyof typeof code;
    if (req.url?.endsWith('.js')) res.writeHead(200, { 'content-type': 'text/javascript' }).end(code[name.replace(/\.js$/, '') as keyof typeof code]);
    else if (name in code)
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<!doctype html><meta charset="utf-8"><redcliffe-case-study></redcliffe-case-study><script type="module" src="/${name}.js"></script>`);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  browser = await puppeteer.launch(launchOptions);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  if (work) await rm(work, { recursive: true, force: true });
}, 30_000);

describe('redcliffe-case-study/react-app beside another entry', () => {
  for (const order of ['standalone-first', 'react-app-first'] as const) {
    it(`${order}: warns once, naming the imports to change, and the story still renders`, async () => {
      const page = await browser.newPage();
      const messages: string[] = [];
      page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
      try {
        await page.goto(`${origin}/${order}`, { waitUntil: 'networkidle0' });
        await page.waitForSelector('pierce/h1', { timeout: 15_000 });
        const warnings = messages.filter((line) => line.includes('<redcliffe-case-study>') && !line.includes('shows no privacy notice'));
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toMatch(/^warn(ing)?: /);
        expect(warnings[0]).toContain("both 'redcliffe-case-study/react-app' and another entry");
        expect(warnings[0]).toContain("import only 'redcliffe-case-study/react-app'");
      } finally {
        await page.close();
      }
    }, 60_000);
  }
});
