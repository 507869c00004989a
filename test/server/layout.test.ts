/**
 * server/'s layout (docs/architecture.md, "The server's layout"): no file over 300 lines, and no
 * import running upward or sideways. A file imports from its own folder, from folders below it, from
 * src/shared/, or a leaf: a module that imports nothing from server/ at run time, only types
 * (types.ts, env.ts, respond.ts, errors.ts, middleware/origin.ts…), wherever it sits.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './processes.js';

const serverDir = path.join(root, 'server');

type Import = { target: string; typeOnly: boolean };

/** Each module's relative imports: static ones (`import type`, `export type` marked) and dynamic `import()`. */
async function modules(): Promise<Map<string, Import[]>> {
  const files = (await readdir(serverDir, { recursive: true })).filter((file) => file.endsWith('.ts')).map((file) => file.split(path.sep).join('/'));
  const imports = new Map<string, Import[]>();
  for (const file of files) {
    const source = await readFile(path.join(serverDir, file), 'utf8');
    const found = [
      ...[...source.matchAll(/^(?:import|export)\s+(type\s)?[^;]*?from\s+'(\.[^']+)'/gm)].map((match) => ({
        specifier: match[2]!,
        typeOnly: Boolean(match[1]),
      })),
      ...[...source.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g)].map((match) => ({ specifier: match[1]!, typeOnly: false })),
    ];
    imports.set(
      file,
      found.map(({ specifier, typeOnly }) => ({
        target: path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).replace(/\.js$/, '.ts'),
        typeOnly,
      })),
    );
  }
  return imports;
}

describe('server/ layout', () => {
  it('keeps every file at 300 lines or fewer', async () => {
    for (const file of (await modules()).keys()) {
      const lines = (await readFile(path.join(serverDir, file), 'utf8')).split('\n').length - 1;
      expect(lines, file).toBeLessThanOrEqual(300);
    }
  });

  it('imports only its own folder, folders below it, src/shared/ and leaves', async () => {
    const imports = await modules();
    const inServer = (target: string) => !target.startsWith('../');
    const leaves = new Set([...imports].filter(([, found]) => found.every(({ target, typeOnly }) => typeOnly || !inServer(target))).map(([file]) => file));
    expect([...leaves]).toEqual(expect.arrayContaining(['types.ts', 'env.ts', 'respond.ts', 'errors.ts', 'middleware/origin.ts']));
    expect(leaves.has('lead-service.ts')).toBe(false);
    for (const [file, found] of imports) {
      const folder = path.posix.dirname(file);
      for (const { target } of found) {
        if (target.startsWith('../src/shared/')) continue;
        const below = folder === '.' || target.startsWith(`${folder}/`);
        expect(inServer(target) && (below || leaves.has(target)), `${file} imports ${target}`).toBe(true);
      }
    }
  });
});
