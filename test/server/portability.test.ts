import { readFile, readdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { buildServer } from './processes.js';

const serverDir = new URL('../../server/', import.meta.url);
const distDir = new URL('../../dist/server/', import.meta.url);

describe('portability', () => {
  it('no server module imports a Node built-in or a database driver at import time (only `import type`)', async () => {
    // The command line and its standalone server are Node programs, and so are /admin and serve's own
    // pieces, which only `serve` mounts (server/serve.ts); everything else is importable anywhere.
    const nodeOnly = /^(cli|serve|serve-settings)\.ts$|^(admin|serve)\//;
    const files = (await readdir(serverDir, { recursive: true })).filter((file) => file.endsWith('.ts') && !nodeOnly.test(file));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const source = await readFile(new URL(file, serverDir), 'utf8');
      const staticImports = source.match(/^\s*(import|export)\s(?!type\b)[^;]*from\s+'[^']+'/gm) ?? [];
      for (const statement of staticImports) {
        expect(statement, `${file}: ${statement}`).not.toMatch(/'node:|'fs'|'path'|'http'|'pg'|'better-sqlite3'/);
      }
    }
  });

  it('the handler and its routes use only the Fetch API globals', async () => {
    const files = ['handler.ts', 'app.ts', 'config.ts', 'lead-service.ts', 'middleware/client.ts', 'middleware/origin.ts', 'spam/verdict.ts'];
    files.push(...(await readdir(new URL('routes/', serverDir))).map((file) => `routes/${file}`));
    for (const file of files) {
      const source = await readFile(new URL(file, serverDir), 'utf8');
      expect(source, file).not.toMatch(/\bprocess\.|\bBuffer\b|require\(|from 'node:/);
    }
  });

  // The server's packages are bundled in: the entry's static imports are its own chunks, nothing else.
  it('the built entry (dist/server/index.js) statically imports only its own chunks', async () => {
    await buildServer();
    const visit = async (file: string, seen: Set<string>) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = await readFile(new URL(file, distDir), 'utf8');
      for (const [, specifier] of source.matchAll(/^(?:import|export)\s[^;]*?from\s*"([^"]+)"/gm)) {
        expect(specifier, `${file} imports ${specifier}`).toMatch(/^\.\/|^\.\.\//);
        await visit(new URL(specifier!, new URL(file, distDir)).href.slice(distDir.href.length), seen);
      }
    };
    const seen = new Set<string>();
    await visit('index.js', seen);
    expect([...seen].some((file) => /sqlite|postgres/.test(file))).toBe(false);
  });
});
