// /admin/stats.json of `redcliffe-leads serve` (SQLite) with 100 leads and with 100,000, side by side
// (part of `npm run bench:server`; `node scripts/bench-server-admin.mjs` runs it alone). Its numbers
// come from the counts the store keeps as things happen, never from the leads, so the target is
// that 1,000 times the leads take at most twice the time.
//
// Each store is seeded straight into the SQLite file in one transaction, with the same shape of
// traffic at both sizes: leads spread over the last 30 days, 8 campaigns (each with its source) and
// 2 stories, 1 in 20 suspected spam, the rest forwarded (1 in 20 still pending, 1 in 20 given up),
// 20 views and 3 opens per lead; their counts made from those rows as the stores keep them (the
// statement migration 4 backfills existing databases with). Then `serve` answers
// GET /admin/stats.json?days=30 over one connection, the two sizes in alternating rounds
// (--seconds in all per size, default 10), after a warm-up.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';

const root = fileURLToPath(new URL('..', import.meta.url));
const PASSWORD = 'bench admin password';
const SIZES = [100, 100_000];
const TARGET_RATIO = 2;

/** `leads` leads, their outbox entries and their counts, written in one transaction. */
async function seed(file, leads) {
  const { createSqliteStore, LEAD_FIELDS } = await import('../dist/server/index.js');
  await (await createSqliteStore({ file })).close(); // the schema, as serve makes it
  const db = new Database(file);
  const columns = ['id', 'received_at', ...LEAD_FIELDS.map((field) => field.column), 'form_url', 'story', 'spam'];
  const insertLead = db.prepare(`INSERT INTO leads (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`);
  const insertDelivery = db.prepare(
    "INSERT INTO deliveries (lead_id, adapter, url, status, attempts, created_at, next_attempt_at, last_error, finished_at) VALUES (?, 'json', 'https://forms.example.com/f', ?, 1, ?, ?, ?, ?)",
  );
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < leads; i++) {
      const at = now - (i % 30) * 86_400_000 - (i % 997) * 1000;
      const campaign = i % 8;
      const values = {
        email: `seed.${i}@example.com`,
        first_name: 'Seed',
        last_name: `Lead ${i}`,
        utm_source: `source-${campaign % 4}`,
        utm_campaign: `campaign-${campaign}`,
      };
      const spam = i % 20 === 0;
      insertLead.run(
        `seed-${i}`,
        new Date(at).toISOString(),
        ...LEAD_FIELDS.map((field) => values[field.column] ?? ''),
        'https://forms.example.com/f',
        `story-${i % 2}`,
        spam ? 1 : 0,
      );
      if (spam) continue;
      const status = i % 20 === 1 ? 'pending' : i % 20 === 2 ? 'failed' : 'delivered';
      insertDelivery.run(`seed-${i}`, status, at, at, status === 'failed' ? 'status 503' : null, status === 'pending' ? null : at + 500);
    }
    db.exec(`
      INSERT INTO daily_counts (day, type, story, utm_source, utm_campaign, count)
        SELECT substr(received_at, 1, 10), CASE WHEN spam THEN 'spam' ELSE 'lead' END, story, utm_source, utm_campaign, count(*) FROM leads GROUP BY 1, 2, 3, 4, 5
        UNION ALL SELECT substr(l.received_at, 1, 10), d.status, l.story, l.utm_source, l.utm_campaign, count(*)
          FROM leads l JOIN deliveries d ON d.lead_id = l.id GROUP BY 1, 2, 3, 4, 5;
      INSERT INTO daily_counts (day, type, story, utm_source, utm_campaign, count)
        SELECT day, 'view', story, utm_source, utm_campaign, 20 * count FROM daily_counts WHERE type = 'lead'
        UNION ALL SELECT day, 'open', story, utm_source, utm_campaign, 3 * count FROM daily_counts WHERE type = 'lead';
      INSERT INTO destination_counts (adapter, url, status, count) SELECT adapter, url, status, count(*) FROM deliveries GROUP BY 1, 2, 3;`);
  })();
  const rows = db.prepare('SELECT count(*) AS n FROM daily_counts').get().n;
  db.close();
  return rows;
}

async function startServe(work, file) {
  const log = join(work, `admin-${Date.now()}.log`);
  const child = spawn(process.execPath, [join(root, 'dist/server/cli.js'), 'serve'], {
    env: { ...process.env, DATABASE_URL: '', LEADS_DB: file, PORT: '0', HOST: '127.0.0.1', ADMIN_PASSWORD: PASSWORD },
    stdio: ['ignore', openSync(log, 'a'), 'ignore'],
  });
  for (let waited = 0; waited < 10_000; waited += 50) {
    const listening = (await readFile(log, 'utf8').catch(() => '')).split('\n').find((line) => line.includes('"listening"'));
    if (listening) return { port: JSON.parse(listening).port, stop: () => (child.kill('SIGTERM'), once(child, 'exit')) };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error('redcliffe-leads serve did not start within 10 s');
}

const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

/**
 * The table and its verdict; rejects nothing, returns whether the target was met. Both sizes are
 * served at once and measured in alternating rounds (the order swapped each round), so a busy
 * moment on a shared machine falls on both: the verdict is the median of the rounds' ratios.
 */
export async function benchAdmin({ seconds = 10, rounds = 5 } = {}) {
  const work = await mkdtemp(join(tmpdir(), 'bench-admin-'));
  const sizes = [];
  try {
    for (const leads of SIZES) {
      const file = join(work, `${leads}.db`);
      const seeded = performance.now();
      const rows = await seed(file, leads);
      const seedMs = performance.now() - seeded;
      const { port, stop } = await startServe(work, file);
      const request = {
        url: `http://127.0.0.1:${port}/admin/stats.json?days=30`,
        headers: { authorization: `Basic ${Buffer.from(`m:${PASSWORD}`).toString('base64')}` },
      };
      const check = await fetch(request.url, { headers: request.headers });
      const { totals, destinations } = await check.json();
      await autocannon({ ...request, connections: 1, duration: 2 }); // warm-up
      sizes.push({ leads, rows, seedMs, totals, destinations: destinations.length, request, stop, rounds: [] });
    }
    for (let round = 0; round < rounds; round++) {
      for (const size of round % 2 ? [...sizes].reverse() : sizes) {
        const result = await autocannon({ ...size.request, connections: 1, duration: seconds / rounds });
        size.rounds.push({ mean: result.latency.mean, p99: result.latency.p99, perSecond: result.requests.average, errors: result.non2xx + result.errors });
      }
    }
  } finally {
    for (const size of sizes) await size.stop();
    await rm(work, { recursive: true, force: true });
  }
  const [small, large] = sizes;
  const of = (size, key) => size.rounds.map((round) => round[key]);
  console.log(
    `\n/admin/stats.json?days=30 on serve (SQLite), one connection, ${rounds} alternating rounds of ${seconds / rounds} s each, after a 2 s warm-up:`,
  );
  console.log(
    `${'leads'.padStart(8)}${'count rows'.padStart(12)}${'seeded in'.padStart(11)}${'leads in 30 d'.padStart(15)}${'destinations'.padStart(14)}${'req/s'.padStart(8)}${'ms/req'.padStart(8)}${'mean ms'.padStart(9)}${'min–max'.padStart(13)}${'p99 ms'.padStart(8)}${'errors'.padStart(8)}`,
  );
  for (const r of sizes) {
    const means = of(r, 'mean');
    console.log(
      `${String(r.leads).padStart(8)}${String(r.rows).padStart(12)}${`${(r.seedMs / 1000).toFixed(1)} s`.padStart(11)}${String(r.totals.leads + r.totals.spam).padStart(15)}${String(r.destinations).padStart(14)}` +
        `${median(of(r, 'perSecond')).toFixed(0).padStart(8)}${(1000 / median(of(r, 'perSecond'))).toFixed(2).padStart(8)}${median(means).toFixed(2).padStart(9)}${`${Math.min(...means).toFixed(2)}–${Math.max(...means).toFixed(2)}`.padStart(13)}${String(median(of(r, 'p99'))).padStart(8)}${String(of(r, 'errors').reduce((a, b) => a + b, 0)).padStart(8)}`,
    );
  }
  // autocannon records latency in whole milliseconds: a request of 0.6 ms is 0 or 1, so its mean is
  // coarse. On one connection the time per request is exactly 1 / throughput: the verdict uses that.
  const ratios = large.rounds.map((round, i) => small.rounds[i].perSecond / round.perSecond);
  const ratio = median(ratios);
  const errors = [...of(small, 'errors'), ...of(large, 'errors')].reduce((a, b) => a + b, 0);
  const met = ratio <= TARGET_RATIO && errors === 0 && large.totals.leads + large.totals.spam === large.leads;
  console.log(
    `Target: ${large.leads.toLocaleString('en')} leads within ${TARGET_RATIO} × the time with ${small.leads} (time per request, 1 / req/s): median of the rounds ${ratio.toFixed(2)} × (rounds ${ratios.map((r) => r.toFixed(2)).join(', ')}): ${met ? 'met' : 'MISSED'}.`,
  );
  return met;
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '10' } } });
  if (!(await benchAdmin({ seconds: Number(values.seconds) }))) process.exitCode = 1;
}
