/**
 * What the tarball points at, it holds: every `new URL('<path>', import.meta.url)` in its JavaScript
 * (a bundler copies that file into a host app's build, and the element fetches it) and every
 * relative link of its Markdown (the README's links on npm and offline in node_modules).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { root } from '../e2e/hosts/package.js';

const pack = inject('pack');
const shipped = new Set(pack.files);
/** The tarball's file at `target` from `file`'s folder, or the folder itself when it holds shipped files; undefined when it holds neither. */
function resolveShipped(file: string, target: string): string | undefined {
  const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
  if (target.endsWith('/')) return pack.files.some((name) => name.startsWith(resolved === './' ? '' : resolved)) ? resolved : undefined;
  return shipped.has(resolved) ? resolved : undefined;
}

const FILE_URL = /new URL\((['"])([^'"]+)\1,\s*import\.meta\.url\)/g;

describe('files the package names', () => {
  it('every new URL(…, import.meta.url) in its JavaScript names a file (or folder) it ships', () => {
    const named: string[] = [];
    const missing: string[] = [];
    for (const file of pack.files.filter((name) => name.endsWith('.js'))) {
      const code = readFileSync(path.join(pack.installed, 'node_modules/redcliffe-case-study', file), 'utf8');
      for (const [, , target] of code.matchAll(FILE_URL)) {
        named.push(`${file} → ${target}`);
        if (!resolveShipped(file, target!)) missing.push(`${file} → ${target}`);
      }
    }
    expect(missing, 'addresses of files the tarball lacks').toEqual([]);
    // The packaged one-pager is named from each build that holds the download code: the CDN
    // chunks, the React-app chunks (which a host app's Vite copies) and dist/ssr.js.
    for (const folder of [/^dist\/chunks\//, /^dist\/react-app\/chunks\//, /^dist\/ssr\.js /]) {
      expect(
        named.some((line) => folder.test(line) && line.endsWith('Leaflet_Case_Study_One_Pager.pdf')),
        `${folder} names the PDF`,
      ).toBe(true);
    }
  });
});

describe('the documentation on npm', () => {
  const markdown = pack.files.filter((file) => file.endsWith('.md'));

  it('ships the README and the Markdown of docs/ that it links to', () => {
    expect(markdown).toContain('README.md');
    const docs = readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md'));
    // The screenshot gallery stays in the repository with its 3.8 MB of images; the README links it absolutely.
    expect(docs.filter((name) => name !== 'screenshots.md' && !shipped.has(`docs/${name}`))).toEqual([]);
    expect(shipped.has('docs/screenshots.md')).toBe(false);
  });

  it('every relative link in a shipped Markdown file reaches a shipped file; the rest are absolute', () => {
    const broken: string[] = [];
    let relative = 0;
    for (const file of markdown) {
      const text = readFileSync(path.join(pack.installed, 'node_modules/redcliffe-case-study', file), 'utf8').replace(/^```[\s\S]*?^```$/gm, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^([a-z][a-z+.-]*:|#)/i.test(target!)) continue;
        relative += 1;
        const bare = decodeURI(target!.replace(/#.*$/, ''));
        if (!resolveShipped(file, bare)) broken.push(`${file} → ${target}`);
      }
    }
    expect(broken, 'links that would be dead on npm and offline').toEqual([]);
    expect(relative, 'the README links its docs relatively').toBeGreaterThan(20);
  });
});
