/**
 * `npm start` on a copy of the repository: a word edited in the default story's file
 * (src/shared/story/stories/redcliffe-labs.json) while it runs shows on the next page load, in the
 * server-rendered HTML and in the bundle that hydrates it.
 * A copy, so the edit never reaches the files other tests build and read at the same time.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ensureBuilt, root } from '../../demo/ensure-built.mjs';

const OLD = 'Redcliffe Labs Achieves 22% Higher Customer Satisfaction with WhatsApp Calling';
const NEW = 'Redcliffe Labs Achieves 22% Higher Patient Happiness with WhatsApp Calling';

let copy: string;
let child: ChildProcess;
let origin: string;
let output = '';

/** The tracked files and the current build, modification times kept, so nothing starts stale. */
function copyRepository(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'redcliffe-start-'));
  const files = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).stdout.split('\0').filter(Boolean);
  for (const file of files) cpSync(path.join(root, file), path.join(dir, file), { preserveTimestamps: true });
  cpSync(path.join(root, 'dist'), path.join(dir, 'dist'), { recursive: true, preserveTimestamps: true });
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

const page = async () => (await fetch(`${origin}/case-study/redcliffe-labs/`)).text();

/** The hydrating code: the core chunk the served entry imports. */
async function servedCore(): Promise<string> {
  const entryPath = /src="([^"]+\/)redcliffe-case-study\.js"/.exec(await page())![1];
  const entry = await (await fetch(`${origin}${entryPath}redcliffe-case-study.js`)).text();
  const core = /["'](\.\/chunks\/core-[\w-]+\.js)["']/.exec(entry)![1];
  return (await fetch(`${origin}${entryPath}${core.slice(2)}`)).text();
}

beforeAll(async () => {
  await ensureBuilt({ log: () => {} });
  copy = copyRepository();
  child = spawn('npm', ['start'], {
    cwd: copy,
    detached: true,
    env: { ...process.env, PORT: '0', LEADS_DB: path.join(copy, 'leads.db'), DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', () => {
      const match = /demo: http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(match[1]);
    });
    child.once('exit', () => reject(new Error(`npm start exited:\n${output}`)));
  });
  origin = `http://127.0.0.1:${port}`;
}, 180_000);

afterAll(async () => {
  if (child?.exitCode === null) {
    const exited = once(child, 'exit');
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
  }
  if (copy) rmSync(copy, { recursive: true, force: true });
});

test("a word edited in the default story's file while npm start runs shows on reload", async () => {
  expect(await page()).toContain(OLD);
  expect(await servedCore()).toContain(OLD);
  const before = output.length;

  const story = path.join(copy, 'src/shared/story/stories/redcliffe-labs.json');
  writeFileSync(story, readFileSync(story, 'utf8').replace(OLD, NEW));

  const html = await page();
  expect(html, output.slice(before)).toContain(NEW);
  expect(html).not.toContain(OLD);
  expect(await servedCore()).toContain(NEW);
  // Rebuilt because of the edit, and said so on the console.
  expect(output.slice(before)).toContain('Building the element');
}, 240_000);
