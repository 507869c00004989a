import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLeadHandler, readLeads } from '../../server/index.js';
import { captureLogger, post, validBody } from './helpers.js';

const serverDir = new URL('../../server/', import.meta.url);

describe('portability', () => {
  it('no server module imports a Node built-in at import time (only `import type`)', async () => {
    const files = (await readdir(serverDir)).filter((file) => file.endsWith('.ts'));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const source = await readFile(new URL(file, serverDir), 'utf8');
      const staticImports = source.match(/^\s*(import|export)\s(?!type\b)[^;]*from\s+'[^']+'/gm) ?? [];
      for (const statement of staticImports) expect(statement, `${file}: ${statement}`).not.toMatch(/'node:|'fs'|'path'|'http'/);
    }
  });

  it('the handler source uses only the Fetch API globals', async () => {
    const source = await readFile(new URL('handler.ts', serverDir), 'utf8');
    expect(source).not.toMatch(/\bprocess\.|\bBuffer\b|require\(/);
  });

  it('without a store option the NDJSON store is loaded on first use, in LEADS_DIR', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'leads-default-'));
    const previous = process.env.LEADS_DIR;
    process.env.LEADS_DIR = dir;
    try {
      const handler = createLeadHandler({ pdfUrl: '/p.pdf', rateLimit: false, logger: captureLogger() });
      expect((await handler(post(validBody()))).status).toBe(200);
      expect(await readLeads(join(dir, 'leads.ndjson'))).toHaveLength(1);
    } finally {
      if (previous === undefined) delete process.env.LEADS_DIR;
      else process.env.LEADS_DIR = previous;
      await rm(dir, { recursive: true, force: true });
    }
  });
});
