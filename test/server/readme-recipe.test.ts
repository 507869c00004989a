/** The Node recipe of docs/server.md, run as written (only the port changed), on the built package. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { validBody } from './helpers.js';
import { buildServer, root, stats } from './processes.js';

let work: string;
// Inside the package, so `import … from 'redcliffe-case-study/server'` resolves to this package (self-reference).
const script = path.join(root, 'test/server/fixtures/readme-node.generated.mjs');
beforeAll(async () => {
  await buildServer();
  work = await mkdtemp(path.join(tmpdir(), 'rcs-readme-'));
}, 300_000);
afterAll(async () => {
  await rm(script, { force: true });
  if (work) await rm(work, { recursive: true, force: true });
});

it('the docs/server.md Node example serves leads into SQLite, with header and request time bounded', async () => {
  const readme = await readFile(path.join(root, 'docs/server.md'), 'utf8');
  const block = /\*\*Node \(`node:http`\)\*\*[\s\S]*?```js\n([\s\S]*?)```/.exec(readme)?.[1];
  expect(block).toBeTruthy();
  expect(block).toContain('.listen(8080);');
  const code = block!.replace(
    '.listen(8080);',
    ".listen(0, '127.0.0.1', function () { console.log(`listening ${this.address().port} ${this.headersTimeout} ${this.requestTimeout}`); });",
  );
  await writeFile(script, code);
  const env = { LEADS_DB: path.join(work, 'leads.db') };
  const child = spawn(process.execPath, [script], { env: { ...process.env, DATABASE_URL: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    let out = '';
    const [port, headersTimeout, requestTimeout] = await new Promise<number[]>((resolve, reject) => {
      child.stdout!.on('data', (chunk) => {
        out += chunk;
        const match = /listening (\d+) (\d+) (\d+)/.exec(out);
        if (match) resolve(match.slice(1).map(Number));
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}`)));
    });
    expect(headersTimeout).toBe(10_000);
    expect(requestTimeout).toBe(30_000);
    const url = `http://127.0.0.1:${port}/api/download-case-study/`;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: validBody(),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ pdf_url: 'https://www.example.com/redcliffe-one-pager.pdf' });
    expect(stats(env)).toMatchObject({ leads: 1 });
  } finally {
    child.kill('SIGKILL');
    await once(child, 'exit').catch(() => {});
  }
}, 60_000);
