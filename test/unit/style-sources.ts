import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const SRC = join(import.meta.dirname, '../../src');

/** Every module that writes CSS: src/styles/*.ts and the components' *.styles.ts. */
export function styleSources(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return styleSources(path);
    return /\.styles\.ts$/.test(name) || dir.endsWith('styles') ? [path] : [];
  });
}
