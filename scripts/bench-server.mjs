// Load test of the compiled lead handler (not part of the tests).
// Usage: node scripts/bench-server.mjs [amount=5000] [connections=50]
// Forks scripts/bench-server-target.mjs with a temp LEADS_DIR and rate limiting off, sends
// `amount` valid leads (each with its own email) with autocannon, prints req/s, p99 latency,
// status counts and leads stored vs accepted; exits 1 if those two differ.
import { execFileSync, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const root = fileURLToPath(new URL('..', import.meta.url));
const amount = Number(process.argv[2] ?? 5000);
const connections = Number(process.argv[3] ?? 50);

if (!existsSync(join(root, 'dist/server/index.js'))) {
  console.log('Building dist/server (tsc -p server/tsconfig.json)…');
  execFileSync('npx', ['tsc', '-p', 'server/tsconfig.json'], { cwd: root, stdio: 'inherit' });
}

const leadsDir = await mkdtemp(join(tmpdir(), 'bench-leads-'));
const child = fork(join(root, 'scripts/bench-server-target.mjs'), { env: { ...process.env, LEADS_DIR: leadsDir } });
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
      headers: { 'content-type': 'application/json' },
      setupRequest(request) {
        n += 1;
        const data = {
          'First Name': 'Bench',
          'Last Name': `Lead ${n}`,
          'Work Email': `bench.lead.${n}@example.com`,
          page_url: 'https://example.com/stories/redcliffe',
          referrer: '',
          utm_source: 'bench',
          utm_medium: '',
          utm_campaign: '',
          utm_term: '',
          utm_content: '',
        };
        return { ...request, body: JSON.stringify({ url: '', data }) };
      },
    },
  ],
});
// autocannon only reports on its 1-second tick, so time the run from the last response instead.
instance.on('response', () => (lastResponseAt = performance.now()));
const result = await instance;

child.send('stop');
await once(child, 'exit');

const text = await readFile(join(leadsDir, 'leads.ndjson'), 'utf8').catch(() => '');
const lines = text.split('\n').filter((line) => line !== '');
const intact = lines.filter((line) => {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}).length;
const emails = new Set(lines.map((line) => JSON.parse(line).email)).size;
await rm(leadsDir, { recursive: true, force: true });

const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)]));
const accepted = statuses['200'] ?? 0;

const seconds = (lastResponseAt - startedAt) / 1000;
console.log(`requests:        ${result.requests.total} (${connections} connections, last response after ${seconds.toFixed(2)} s)`);
console.log(`requests/second: ${(result.requests.total / seconds).toFixed(0)}`);
console.log(`latency:         p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
console.log(`status counts:   ${JSON.stringify(statuses)}; errors ${result.errors}, timeouts ${result.timeouts}`);
console.log(`leads stored vs accepted: ${lines.length} lines (${intact} parse, ${emails} distinct emails) vs ${accepted} × 200`);

if (lines.length !== accepted || intact !== lines.length) {
  console.error('FAIL: stored leads do not match accepted leads');
  process.exit(1);
}
