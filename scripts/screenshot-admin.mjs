/**
 * The screenshot of `serve`'s /admin in docs/server.md (docs/screenshot-admin.png). Starts the built
 * server (dist/server/cli.js) on a throw-away SQLite file, sends it real beacons and leads for today,
 * and writes sample counts for the 13 days before (the server only counts as things happen, so
 * earlier days are written straight into daily_counts, the table it keeps them in).
 * Usage: node scripts/screenshot-admin.mjs [out]
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import puppeteer from 'puppeteer-core';
import { launchOptions } from './chromium.mjs';

const [out = 'docs/screenshot-admin.png'] = process.argv.slice(2);
const SITE = 'https://www.example.com';
const PASSWORD = 'screenshot password';
const work = await mkdtemp(path.join(tmpdir(), 'admin-shot-'));
const db = path.join(work, 'leads.db');
const child = spawn(process.execPath, ['dist/server/cli.js', 'serve'], {
  env: { ...process.env, DATABASE_URL: '', LEADS_DB: db, PORT: '0', CORS_ORIGINS: SITE, ADMIN_PASSWORD: PASSWORD },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const exited = once(child, 'exit');
try {
  const port = await new Promise((resolve) => {
    let text = '';
    child.stdout.on('data', (chunk) => {
      text += chunk;
      const match = /"message":"listening","port":(\d+)/.exec(text);
      if (match) resolve(Number(match[1]));
    });
  });
  const origin = `http://127.0.0.1:${port}`;
  const campaigns = [
    ['spring-webinar', 'newsletter', 9],
    ['healthcare-q4', 'linkedin', 6],
    ['', '', 3],
  ];
  for (const [campaign, source, views] of campaigns) {
    for (let i = 0; i < views; i++) {
      for (const type of i % 3 === 0 ? ['view', 'open'] : ['view']) {
        await fetch(`${origin}/api/download-case-study/`, {
          method: 'POST',
          headers: { 'Content-Type': 'text/plain', Origin: SITE },
          body: JSON.stringify({
            event: type,
            id: `shot-${campaign || 'none'}-${i}`,
            page_url: `${SITE}/stories/redcliffe/`,
            utm_source: source,
            utm_campaign: campaign,
          }),
        });
      }
    }
  }
  const tokens = [];
  for (let i = 0; i < 2; i++) tokens.push((await (await fetch(`${origin}/api/download-case-study/`)).json()).token);
  await new Promise((resolve) => setTimeout(resolve, 3000)); // a spam token younger than 2.5 s marks its lead as spam
  for (const [i, [campaign, source]] of campaigns.slice(0, 2).entries()) {
    await fetch(`${origin}/api/download-case-study/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: SITE },
      body: JSON.stringify({
        url: '',
        lead_token: tokens[i],
        data: {
          'First Name': 'Sample',
          'Last Name': 'Lead',
          'Work Email': `sample${i}@example.com`,
          page_url: `${SITE}/stories/redcliffe/`,
          referrer: '',
          utm_source: source,
          utm_medium: '',
          utm_campaign: campaign,
          utm_term: '',
          utm_content: '',
        },
      }),
    });
  }
  const sqlite = new Database(db);
  const insert = sqlite.prepare(
    "INSERT INTO daily_counts (day, type, story, utm_source, utm_campaign, count) VALUES (?, ?, 'redcliffe-labs', ?, ?, ?) ON CONFLICT DO NOTHING",
  );
  for (let back = 1; back < 14; back++) {
    const day = new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
    const views = 8 + ((back * 7) % 11);
    insert.run(day, 'view', 'newsletter', 'spring-webinar', views);
    insert.run(day, 'open', 'newsletter', 'spring-webinar', Math.ceil(views / 3));
  }
  sqlite.close();

  const browser = await puppeteer.launch(launchOptions);
  try {
    const page = await browser.newPage();
    await page.authenticate({ username: 'marketer', password: PASSWORD });
    await page.setViewport({ width: 1100, height: 900, deviceScaleFactor: 1 });
    await page.goto(`${origin}/admin?days=30`, { waitUntil: 'networkidle0' });
    await page.screenshot({ path: out, fullPage: true });
    console.log(`wrote ${out}`);
  } finally {
    await browser.close();
  }
} finally {
  child.kill('SIGTERM');
  await exited;
  await rm(work, { recursive: true, force: true });
}
