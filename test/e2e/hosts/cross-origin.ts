/**
 * The CMS set-up for real, on loopback: `redcliffe-leads serve` on one origin and a host site on
 * another that CORS_ORIGINS names, with a Chromium to visit it. The site's port is taken before
 * serve starts (CORS_ORIGINS must name it); each test answers the site's requests itself.
 */
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import puppeteer, { type Browser } from 'puppeteer-core';
import { launchOptions } from '../../../scripts/chromium.mjs';
import { buildServer, runCli, startServeProcess, type ServeProcess } from '../../server/processes.js';

export interface CrossOrigin {
  /** A folder of its own, removed by `stop()`: the leads file is `db` in it. */
  work: string;
  db: string;
  server: ServeProcess;
  /** The host site, listening at `siteOrigin`; add a `request` listener to answer it. */
  site: http.Server;
  siteOrigin: string;
  /** What `redcliffe-leads snippet --origin <serve>` prints. */
  snippet: string;
  browser: Browser;
  /** Closes the browser and the site, stops serve with SIGTERM and removes `work`. */
  stop(): Promise<void>;
}

/** A host page as a CMS post holds the pasted snippet. */
export const postPage = (html: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A blog post</title></head><body><main><h1>Our blog</h1>${html}</main></body></html>`;

/** Starts serve (with `env` on top of LEADS_DB and CORS_ORIGINS), the host site and a browser. */
export async function crossOrigin(name: string, env: Record<string, string> = {}): Promise<CrossOrigin> {
  await buildServer();
  const work = await mkdtemp(path.join(tmpdir(), `${name}-`));
  const db = path.join(work, 'leads.db');
  const site = http.createServer();
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const siteOrigin = `http://localhost:${(site.address() as { port: number }).port}`;
  let server: ServeProcess | undefined;
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close();
    site.close();
    if (server) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await rm(work, { recursive: true, force: true });
  };
  try {
    server = await startServeProcess({ LEADS_DB: db, CORS_ORIGINS: siteOrigin, ...env });
    const snippet = runCli(['snippet', '--origin', server.origin], {});
    browser = await puppeteer.launch(launchOptions);
    return { work, db, server, site, siteOrigin, snippet, browser, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
