/**
 * The install commands of docs/frameworks.md: each recipe names every package its files import, at
 * a major version the end-to-end test builds it with (test/hosts/frameworks/package-lock.json, or
 * this repository's lock for the database driver), and each of those versions runs on the oldest
 * Node.js the package supports (its `engines`). `npm install astro` today gets a version that
 * refuses Node.js 20; `@sveltejs/adapter-node` 6 crashes with SvelteKit 2.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '../..');
const doc = readFileSync(path.join(root, 'docs/frameworks.md'), 'utf8');
const locks = ['test/hosts/frameworks/package-lock.json', 'package-lock.json'].map(
  (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8')).packages as Record<string, { version: string; engines?: { node?: string } }>,
);
const OUR_NODE = semver.minVersion(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node)!.version;
/** The recipes the e2e test runs in a browser or a server (the JSX ones are type-checked only, with no install step). */
const RUN = [
  'React 19 + Vite (one React)',
  'Vue 3 + Vite',
  'Svelte 5 + Vite',
  'SvelteKit',
  'Astro',
  'Express (or any Node server)',
  'Plain Vite, strict TypeScript',
];

function section(heading: string): string {
  const start = doc.indexOf(`\n## ${heading}\n`);
  if (start < 0) throw new Error(`docs/frameworks.md has no "## ${heading}"`);
  const end = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, end < 0 ? undefined : end);
}

/** `name` of `name@range` (scoped names too). */
const nameOf = (spec: string) => spec.replace(/(?<=.)@.*$/, '');
/** The package a bare import specifier comes from. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

describe('docs/frameworks.md install commands', () => {
  for (const heading of RUN) {
    it(`${heading}: installs what its files import, at versions that are tested and run on Node.js ${OUR_NODE}`, () => {
      const text = section(heading);
      const specs = [...text.matchAll(/^npm install (.+)$/gm)].flatMap(([, args]) => args!.split(/\s+/).filter((arg) => !arg.startsWith('-')));
      expect(specs.length, 'an install command').toBeGreaterThan(0);
      const installed = new Set(specs.map(nameOf));
      for (const spec of specs) {
        const name = nameOf(spec);
        if (name === 'redcliffe-case-study') continue;
        const locked = locks.map((lock) => lock[`node_modules/${name}`]).find(Boolean);
        expect(locked, `${name} is what the tests build with`).toBeTruthy();
        const range = spec.slice(name.length + 1) || '*';
        expect(semver.satisfies(locked!.version, range), `${spec}: the tests build with ${locked!.version}`).toBe(true);
        const engines = locked!.engines?.node;
        if (engines) expect(semver.satisfies(OUR_NODE, engines), `${name}@${locked!.version} needs Node.js ${engines}`).toBe(true);
      }
      // Every package the recipe's files import (their fenced blocks named by a file) is installed.
      const files = [...text.matchAll(/^```\w+ (\S+)\n([\s\S]*?)^```$/gm)].map(([, , body]) => body!);
      const imported = files.flatMap((body) => [...body.matchAll(/(?:from|import)\s+['"]([^'"./$][^'"]*)['"]/g)].map(([, specifier]) => packageOf(specifier!)));
      const missing = [...new Set(imported)].filter((name) => !name.startsWith('node:') && !installed.has(name));
      expect(missing, 'imported but not installed').toEqual([]);
    });
  }
});
