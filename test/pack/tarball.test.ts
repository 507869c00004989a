/** What `npm pack` puts in the tarball: what consumers need, with its licences, maps and links, and nothing else. */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { consumer, PACKAGE } from './consumer.js';

const pack = inject('pack');
const app = consumer('tarball');

describe('the tarball', () => {
  it('holds what consumers need and nothing else', () => {
    const must = [
      'package.json',
      'custom-elements.json',
      'dist/redcliffe-case-study.js',
      'dist/react.js',
      'dist/integrity.json',
      'dist/types/index.d.ts',
      'dist/types/react.d.ts',
      'dist/types/vue.d.ts',
      'dist/types/svelte.d.ts',
      'dist/types/preact.d.ts',
      'dist/types/solid.d.ts',
      'dist/types/node/assets.d.ts',
      'dist/assets.js',
      'dist/react-app.js',
      'dist/react-app/redcliffe-case-study.js',
      'web-types.json',
      'vscode.html-custom-data.json',
      'dist/server/index.js',
      'dist/server/cli.js',
      'dist/server/types/server/index.d.ts',
      'dist/server/THIRD_PARTY_LICENSES.txt',
      'dist/THIRD_PARTY_LICENSES.txt',
      'dist/Leaflet_Case_Study_One_Pager.pdf',
      'dist/Leaflet_Case_Study_One_Pager.jpg',
      'dist/story.schema.json',
      'dist/stories/redcliffe-labs.json',
      'CHANGELOG.md',
      'LICENSE',
    ];
    expect(
      must.filter((file) => !pack.files.includes(file)),
      'missing from the tarball',
    ).toEqual([]);
    const chunks = pack.files.filter((file) => /^dist\/chunks\/.+\.js$/.test(file));
    expect(
      chunks.some((file) => /^dist\/chunks\/core-[\w-]+\.js$/.test(file)),
      'a core chunk',
    ).toBe(true);
    expect(chunks.length, 'lazy chunks').toBeGreaterThanOrEqual(4);
    expect(
      chunks.filter((chunk) => !pack.files.includes(`${chunk}.map`)),
      'chunks without their map',
    ).toEqual([]);
    const forbidden = pack.files.filter(
      (file) => /^(src|test|scripts|server|demo|licenses|node_modules)\//.test(file) || /\.tsx?$/.test(file.replace(/\.d\.ts$/, '')) || /\.tgz$/.test(file),
    );
    expect(forbidden, 'files consumers do not need').toEqual([]);
    expect(
      pack.files.filter((file) => /^dist\/types\/(components|styles|lib)\//.test(file)),
      'declarations of internals',
    ).toEqual([]);
    console.log(`${pack.files.length} files, ${(pack.size / 1000).toFixed(1)} kB packed, ${(pack.unpackedSize / 1000).toFixed(1)} kB unpacked`);
  });

  it('carries the licence of every package bundled into the element (MIT requires their notices)', () => {
    const notices = readFileSync(app.installed('dist/THIRD_PARTY_LICENSES.txt'), 'utf8');
    for (const name of ['react', 'react-dom', 'scheduler', '@r2wc/core', 'wouter', 'clsx', 'altcha-lib']) {
      expect(notices, name).toMatch(new RegExp(`^${name.replace('/', '\\/')}@\\d+\\.\\d+\\.\\d+ \\(`, 'm'));
    }
    expect(notices).toMatch(/Copyright \(c\) Meta Platforms, Inc\. and affiliates\./);
    expect(notices).toMatch(/Copyright \(c\) 2022 Bitovi/);
    // One MIT text for each bundled MIT package: react, react-dom, scheduler, @r2wc/core, clsx (wouter is Unlicense).
    expect((notices.match(/Permission is hereby granted, free of charge/g) ?? []).length).toBeGreaterThanOrEqual(5);
  });

  it('carries the licence of every package bundled into the server, and each server file points there', () => {
    const notices = readFileSync(app.installed('dist/server/THIRD_PARTY_LICENSES.txt'), 'utf8');
    const devDependencies = Object.keys(JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')).devDependencies);
    const bundled = ['@hono/node-server', '@noble/hashes', 'altcha-lib', 'csv-stringify', 'hono', 'ipaddr.js', 'rate-limiter-flexible'];
    for (const name of bundled) {
      expect(devDependencies, `${name} is built in, not installed`).toContain(name);
      expect(notices, name).toMatch(new RegExp(`^${name.replace(/[/.]/g, '\\$&')}@\\d+\\.\\d+\\.\\d+ \\((MIT|ISC)\\)$`, 'm'));
    }
    // Each section: a header line, then its licence text with a copyright line.
    const sections = notices.split(/\n-{78}\n/);
    expect(sections).toHaveLength(bundled.length);
    for (const section of sections) expect(section).toMatch(/Copyright/i);
    for (const file of ['index.js', 'cli.js']) {
      expect(readFileSync(app.installed(`dist/server/${file}`), 'utf8')).toMatch(
        /^(#!.*\n)?\/\*! redcliffe-case-study .*dist\/server\/THIRD_PARTY_LICENSES\.txt \*\//,
      );
    }
  });

  it('links each chunk to its source map, and the core chunk maps to src/element.ts', () => {
    // The entry is a two-line facade with no source of its own: it ships without a map (an empty
    // one is what Lighthouse fails to parse when a host page is audited).
    const entry = readFileSync(app.installed('dist/redcliffe-case-study.js'), 'utf8');
    expect(entry).toMatch(/^\/\*! redcliffe-case-study .*THIRD_PARTY_LICENSES\.txt \*\//);
    expect(entry).not.toMatch(/sourceMappingURL/);
    expect(pack.files).not.toContain('dist/redcliffe-case-study.js.map');
    const files = readdirSync(app.installed('dist/chunks'))
      .filter((name) => name.endsWith('.js'))
      .map((name) => `dist/chunks/${name}`);
    for (const file of files) {
      const code = readFileSync(app.installed(file), 'utf8');
      const link = code.match(/\/\/# sourceMappingURL=(\S+)\s*$/)?.[1];
      expect(link, `${file} links a source map`).toBeTruthy();
      const map = JSON.parse(readFileSync(join(dirname(app.installed(file)), link!), 'utf8'));
      expect(map.version, `${file}.map`).toBe(3);
      expect(map.sources.length > 0 && map.mappings.length > 0, `${file}.map is empty`).toBe(true);
      if (/core-/.test(file)) {
        // The banner, after V8's compile hint (which must open the file: rollup.config.mjs).
        expect(code).toMatch(/^\/\/# allFunctionsCalledOnLoad\n\/\*! redcliffe-case-study /);
        expect(map.sources.some((source: string) => source.includes('src/element.ts'))).toBe(true);
      }
    }
  });

  it('has the one-page PDF, the changelog and the repository links', () => {
    const pdf = readFileSync(app.installed('dist/Leaflet_Case_Study_One_Pager.pdf'));
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(2000);
    expect(readFileSync(app.installed('CHANGELOG.md'), 'utf8')).toMatch(/^# Changelog/m);
    const manifest = app.manifest();
    expect(manifest.repository.url).toMatch(/^git\+https:\/\/github\.com\/[\w-]+\/[\w-]+\.git$/);
    const home = manifest.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
    expect(manifest.homepage).toBe(`${home}#readme`);
    expect(manifest.bugs.url).toBe(`${home}/issues`);
  });

  it('has a custom-elements.json that describes the element', () => {
    const manifest = JSON.parse(readFileSync(app.installed('custom-elements.json'), 'utf8'));
    const [declaration] = manifest.modules.flatMap((module: { declarations: unknown[] }) => module.declarations);
    expect(declaration.tagName).toBe(PACKAGE);
    expect(declaration.attributes.map((a: { name: string }) => a.name)).toEqual(
      expect.arrayContaining([
        'base',
        'endpoint',
        'form-url',
        'contact-url',
        'contact-label',
        'privacy-url',
        'hubspot-portal',
        'hubspot-form',
        'pdf-url',
        'defer-hydration',
      ]),
    );
    expect(declaration.events.map((e: { name: string }) => e.name)).toEqual(['case-study-submit', 'case-study-download', 'case-study-error']);
    expect(app.manifest().customElements).toBe('custom-elements.json');
  });
});
