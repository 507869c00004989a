import { mkdtemp, readFile, rm, stat, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLeadHandler, createNdjsonStore, readLeads, type StoredLead } from '../../server/index.js';
import { captureLogger, post, validBody } from './helpers.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'leads-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function lead(n: number): StoredLead {
  return {
    id: crypto.randomUUID(),
    receivedAt: new Date().toISOString(),
    firstName: `First ${n}`,
    lastName: 'Last',
    email: `lead${n}@example.com`,
    pageUrl: '',
    referrer: '',
    utm: { source: '', medium: '', campaign: '', term: '', content: '' },
    formUrl: '',
  };
}

describe('createNdjsonStore', () => {
  it('1,000 concurrent valid leads through the handler give exactly 1,000 intact lines', async () => {
    const store = createNdjsonStore({ dir });
    const handler = createLeadHandler({ pdfUrl: '/one-pager.pdf', store, rateLimit: false, logger: captureLogger() });
    const responses = await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        handler(post(validBody({ 'Work Email': `lead${i}@example.com` })), { clientAddress: '10.0.0.1' }),
      ),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);
    await store.close();

    const text = await readFile(join(dir, 'leads.ndjson'), 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.slice(0, -1).split('\n');
    expect(lines).toHaveLength(1000);
    const leads = lines.map((line) => JSON.parse(line) as StoredLead);
    expect(new Set(leads.map((l) => l.email)).size).toBe(1000);
    expect(new Set(leads.map((l) => l.id)).size).toBe(1000);
    expect(await readLeads(join(dir, 'leads.ndjson'))).toEqual(leads);
  });

  it('creates the folder with mode 0700 and the file with mode 0600', async () => {
    const folder = join(dir, 'nested', 'leads');
    const store = createNdjsonStore({ dir: folder });
    await store.append(lead(1));
    await store.close();
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
    expect((await stat(join(folder, 'leads.ndjson'))).mode & 0o777).toBe(0o600);
    expect(await store.file()).toBe(join(folder, 'leads.ndjson'));
  });

  it('appends to an existing file and only resolves once the line is on disk', async () => {
    const store = createNdjsonStore({ dir });
    await store.append(lead(1));
    const file = await store.file();
    expect((await readFile(file, 'utf8')).split('\n')).toHaveLength(2);
    await store.close();
    const again = createNdjsonStore({ dir });
    await again.append(lead(2));
    await again.close();
    expect((await readLeads(file)).map((l) => l.email)).toEqual(['lead1@example.com', 'lead2@example.com']);
  });

  it('uses LEADS_DIR when no dir is given', async () => {
    const previous = process.env.LEADS_DIR;
    process.env.LEADS_DIR = dir;
    try {
      const store = createNdjsonStore();
      expect(await store.file()).toBe(join(dir, 'leads.ndjson'));
    } finally {
      if (previous === undefined) delete process.env.LEADS_DIR;
      else process.env.LEADS_DIR = previous;
    }
  });

  it('rejects the append when the folder cannot be created (and the handler answers 500)', async () => {
    const blocker = join(dir, 'a-file');
    await writeFile(blocker, '');
    const store = createNdjsonStore({ dir: join(blocker, 'leads') });
    await expect(store.append(lead(1))).rejects.toThrow();
    const handler = createLeadHandler({ pdfUrl: '/p.pdf', store, rateLimit: false, logger: captureLogger() });
    expect((await handler(post(validBody()))).status).toBe(500);
  });
});

describe('readLeads', () => {
  it('skips a torn trailing line (a crash mid-write) and keeps every earlier line', async () => {
    const file = join(dir, 'leads.ndjson');
    const whole = [lead(1), lead(2), lead(3)];
    const torn = JSON.stringify(lead(4));
    await writeFile(file, whole.map((l) => JSON.stringify(l) + '\n').join('') + torn.slice(0, torn.length / 2));
    expect(await readLeads(file)).toEqual(whole);
  });

  it('after a torn line, the store starts its next write on a new line', async () => {
    const store = createNdjsonStore({ dir });
    await store.append(lead(1));
    await store.close();
    // The torn line from a crash; a restarted process keeps appending.
    await appendFile(join(dir, 'leads.ndjson'), '{"id":"torn');
    const restarted = createNdjsonStore({ dir });
    await restarted.append(lead(2));
    await restarted.close();
    const leads = await readLeads(join(dir, 'leads.ndjson'));
    expect(leads.map((l) => l.email)).toEqual(['lead1@example.com', 'lead2@example.com']);
  });
});
