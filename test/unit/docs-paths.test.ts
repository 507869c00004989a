/**
 * The map matches the territory: every repository path the README and docs/ name (in prose, tables,
 * code spans and the architecture picture) exists, and every relative link reaches a file and, with
 * a `#fragment`, a heading of it. A renamed or moved file fails here with the doc that still names it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '../..');
const DOCS = [
  'README.md',
  'CHANGELOG.md',
  ...readdirSync(path.join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
/** Top-level folders of this repository whose paths the docs name (dist/ is built, not kept). */
const FOLDERS = ['src', 'server', 'scripts', 'test', 'demo', 'docs', 'packages', 'licenses', '.ci'];
const PATH = new RegExp(`(?<![\\w/.@-])(?:${FOLDERS.map((folder) => folder.replace('.', '\\.')).join('|')})/[\\w./*-]*`, 'g');

/** A doc's text without the fenced blocks that are a recipe's own files (```ts src/main.ts): those paths are the reader's app, not this repository. */
function prose(file: string): string {
  return readFileSync(path.join(root, file), 'utf8').replace(/^```\w+ \S+\n[\s\S]*?^```$/gm, '');
}

/** Whether a repository path (globs `*` allowed in the last part) names at least one file or folder. */
function exists(name: string): boolean {
  const clean = name.replace(/[.,:;]+$/, '');
  if (!clean.includes('*')) return existsSync(path.join(root, clean));
  const dir = path.dirname(clean);
  const pattern = new RegExp(
    `^${path
      .basename(clean)
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')}$`,
  );
  return existsSync(path.join(root, dir)) && readdirSync(path.join(root, dir)).some((entry) => pattern.test(entry));
}

/** GitHub's anchor for a heading. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

function anchors(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```$/gm, '');
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of text.matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(heading!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count ? `${base}-${count}` : base);
  }
  for (const [, id] of text.matchAll(/<a (?:id|name)="([^"]+)"/g)) result.add(id!);
  return result;
}

describe('the docs name what the repository has', () => {
  it('every repository path in the README and docs/ exists', () => {
    const missing: string[] = [];
    let named = 0;
    // The changelog records paths as they were when it was written.
    for (const file of DOCS.filter((name) => name !== 'CHANGELOG.md')) {
      for (const [name] of prose(file).matchAll(PATH)) {
        named += 1;
        if (!exists(name)) missing.push(`${file}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
    expect(named, 'paths checked').toBeGreaterThan(100);
  });

  it('every relative link reaches a file, and its #fragment a heading there', () => {
    const broken: string[] = [];
    for (const file of DOCS) {
      const text = readFileSync(path.join(root, file), 'utf8').replace(/^```[\s\S]*?^```$/gm, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z][a-z+.-]*:/i.test(target!)) continue;
        const [rawPath, fragment] = target!.split('#') as [string, string | undefined];
        const resolved = rawPath ? path.join(path.dirname(path.join(root, file)), decodeURI(rawPath)) : path.join(root, file);
        if (!existsSync(resolved)) broken.push(`${file} → ${target} (no such file)`);
        else if (fragment && resolved.endsWith('.md') && !anchors(resolved).has(fragment)) broken.push(`${file} → ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('docs/react.md', () => {
  it('lists every attribute of the manifest as a prop of <RedcliffeCaseStudy>', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'custom-elements.json'), 'utf8'));
    const [declaration] = manifest.modules[0].declarations;
    const camel = (name: string) => name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
    const table = readFileSync(path.join(root, 'docs/react.md'), 'utf8').match(/^\| Prop \| Type \|[\s\S]*?\n\n/m)![0];
    const props = new Set([...table.matchAll(/^\| ([^|]+) \|/gm)].flatMap(([, cell]) => [...cell!.matchAll(/`(\w+)`/g)].map(([, prop]) => prop)));
    const missing = declaration.attributes
      .map(({ name, fieldName }: { name: string; fieldName?: string }) => fieldName ?? camel(name))
      .filter((prop: string) => !props.has(prop));
    expect(missing, 'attributes missing from the props table').toEqual([]);
  });
});
