// Load test of the compiled lead handler on SQLite and on PostgreSQL (not part of the tests).
// Usage: node scripts/bench-server.mjs [amount=5000] [connections=50]
//
// For each engine: forks scripts/bench-server-target.mjs on a fresh database (SQLite: a temp file;
// PostgreSQL: DATABASE_URL_BENCH or DATABASE_URL_TEST, else a throw-away cluster started with
// scripts/test-postgres.sh; skipped with a message if none), sends `amount` valid leads (each with
// its own email and Idempotency-Key, built from the lead contract) with autocannon over
// `connections` connections, and prints leads/s, p50/p99 latency, status counts, and leads stored
// (counted by `redcliffe-leads stats`) vs accepted. Exits 1 if those differ.
import { execFileSync, fork, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = fileURLToPath(new URL('..', import.meta.url));
const amount = Number(process.argv[2] ?? 5000);
const connections = Number(process.argv[3] ?? 50);

if (!existsSync(join(root, 'dist/server/index.js')) || !existsSync(join(root, 'dist/server/chunks'))) {
  console.log('Building dist/server (scripts/build-server.mjs)…');
  execFileSync(process.execPath, [join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' });
}
// The lead contract (src/shared/lead-fields.ts), as the built package exports it.
const { DATA_FIELDS, LEAD_FIELDS } = await import('../dist/server/index.js');
const fieldOf = (key) => LEAD_FIELDS.find((field) => field.key === key);

function leadBody(n) {
  const data = Object.fromEntries(DATA_FIELDS.map((field) => [field, '']));
  data[fieldOf('firstName').name] = 'Bench';
  data[fieldOf('lastName').name] = `Lead ${n}`;
  data[fieldOf('email').name] = `bench.lead.${n}@example.com`;
  data.page_url = 'https://example.com/stories/redcliffe';
  data.utm_source = 'bench';
  return JSON.stringify({ url: '', data });
}

async function run(name, env) {
  const child = fork(join(root, 'scripts/bench-server-target.mjs'), { env: { ...process.env, DATABASE_URL: '', LEADS_DB: '', ...env } });
  const [{ port }] = await once(child, 'message');
  let n = 0;
  const startedAt = performance.now();
  let lastResponseAt = startedAt;
  const instance = autocannon({
    url: `http://127.0.0.1:${port}`,
    amount,
    connections,
    requests: [
      {
        method: 'POST',
        path: '/api/lead',
        setupRequest(request) {
          n += 1;
          return {
            ...request,
            headers: { 'content-type': 'application/json', 'idempotency-key': `bench-${process.pid}-${n}` },
            body: leadBody(n),
          };
        },
      },
    ],
  });
  // autocannon only reports on its 1-second tick, so time the run from the last response instead.
  instance.on('response', () => (lastResponseAt = performance.now()));
  const result = await instance;
  child.send('stop');
  await once(child, 'exit');

  const stats = env.BENCH_TARGET
    ? undefined
    : JSON.parse(
        execFileSync(process.execPath, [join(root, 'dist/server/cli.js'), 'stats'], {
          env: { ...process.env, DATABASE_URL: '', LEADS_DB: '', ...env },
          encoding: 'utf8',
        }),
      );
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)]));
  const accepted = statuses['200'] ?? 0;
  const seconds = (lastResponseAt - startedAt) / 1000;
  console.log(`\n${name}`);
  console.log(`  requests:        ${result.requests.total} (${connections} connections, last response after ${seconds.toFixed(2)} s)`);
  console.log(`  leads/second:    ${(accepted / seconds).toFixed(0)}`);
  console.log(`  latency:         p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
  console.log(`  status counts:   ${JSON.stringify(statuses)}; errors ${result.errors}, timeouts ${result.timeouts}`);
  if (stats) console.log(`  leads stored vs accepted: ${stats.leads} vs ${accepted} × 200`);
  results.push({ name, perSecond: accepted / seconds, p99: result.latency.p99 });
  return !stats || stats.leads === accepted;
}

let ok = true;
const results = [];
const work = await mkdtemp(join(tmpdir(), 'bench-leads-'));
try {
  // The floor first, then the handler without a database, then the stores: one run, one machine.
  await run('floor: bare node:http (read body, parse JSON, answer)', { BENCH_TARGET: 'floor' });
  await run('lead handler, in-memory store', { BENCH_TARGET: 'memory' });
  ok = (await run('SQLite (WAL, synchronous=FULL)', { LEADS_DB: join(work, 'leads.db') })) && ok;

  let base = process.env.DATABASE_URL_BENCH ?? process.env.DATABASE_URL_TEST;
  let cluster;
  if (!base) {
    const started = spawnSync('bash', [join(root, 'scripts/test-postgres.sh'), 'start'], { encoding: 'utf8' });
    if (started.status === 0) {
      cluster = /PGDATA_DIR=(.*)/.exec(started.stdout)?.[1];
      base = /DATABASE_URL_TEST=(.*)/.exec(started.stdout)?.[1];
    } else {
      console.log(`\nPostgreSQL: skipped (no DATABASE_URL_BENCH and no server could be started: ${started.stderr.trim()})`);
    }
  }
  if (base) {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    const db = `bench_${process.pid}_${Date.now()}`;
    await admin.query(`CREATE DATABASE ${db}`);
    const url = new URL(base);
    url.pathname = `/${db}`;
    try {
      ok = (await run('PostgreSQL (pool of 10)', { DATABASE_URL: url.href })) && ok;
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${db}`).catch(() => {});
      await admin.end();
      if (cluster) spawnSync('bash', [join(root, 'scripts/test-postgres.sh'), 'stop', cluster]);
    }
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
const floor = results[0];
console.log('\nSide by side (this run):');
console.log('  target                                              answers/s   × floor   p99 ms');
for (const { name, perSecond, p99 } of results) {
  console.log(
    `  ${name.padEnd(50)} ${perSecond.toFixed(0).padStart(9)}   ${(perSecond / floor.perSecond).toFixed(3).padStart(7)}   ${String(p99).padStart(6)}`,
  );
}
if (!ok) {
  console.error('FAIL: stored leads do not match accepted leads');
  process.exit(1);
}
