/**
 * The recipes of docs/frameworks.md as files: under a `## Heading`, every fenced block whose info
 * string names a file (```ts src/main.ts) is that file of the recipe's app, written as shown.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { root } from './package.js';

export const FRAMEWORKS_DOC = path.join(root, 'docs/frameworks.md');

export async function recipeFiles(heading: string): Promise<Map<string, string>> {
  const text = await readFile(FRAMEWORKS_DOC, 'utf8');
  const start = text.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`docs/frameworks.md has no "## ${heading}"`);
  const end = text.indexOf('\n## ', start + 1);
  const section = text.slice(start, end < 0 ? undefined : end);
  const files = new Map<string, string>();
  for (const [, name, body] of section.matchAll(/^```\w+ (\S+)\n([\s\S]*?)^```$/gm)) files.set(name!, body!);
  if (!files.size) throw new Error(`"## ${heading}" in docs/frameworks.md names no file`);
  return files;
}
