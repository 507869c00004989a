/** `npm install <tarball>` in a browser-only app: the package alone, with no server packages and no peers. */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { consumer, PACKAGE } from './consumer.js';

const app = consumer('install');

describe('a browser-only install', () => {
  it('installs the package and nothing else: the server is bundled, so no hono and co', () => {
    expect(app.packages()).toEqual([PACKAGE]);
    for (const name of ['hono', '@hono/node-server', '@noble/hashes', 'ipaddr.js', 'csv-stringify', 'rate-limiter-flexible', 'altcha-lib']) {
      expect(existsSync(app.at(`node_modules/${name}`)), `${name} installed`).toBe(false);
    }
    expect(app.manifest().dependencies, 'runtime dependencies').toBeUndefined();
  });

  it("declares React, the database drivers and PDFKit (a story's one-pager, made by the server) as optional peers, and installs none of them", () => {
    const manifest = app.manifest();
    expect(Object.keys(manifest.peerDependencies).sort()).toEqual(['better-sqlite3', 'pdfkit', 'pg', 'react']);
    expect(manifest.peerDependencies.react).toBe('>=18');
    for (const peer of ['better-sqlite3', 'pdfkit', 'pg', 'react']) {
      expect(existsSync(app.at(`node_modules/${peer}`)), `${peer} installed`).toBe(false);
      expect(manifest.peerDependenciesMeta?.[peer]?.optional, `${peer} optional`).toBe(true);
    }
  });

  it('links no command: `redcliffe-leads` is its own package (packages/redcliffe-leads), which npx finds by that name', () => {
    expect(app.manifest().bin, 'bin').toBeUndefined();
    expect(existsSync(app.at('node_modules/.bin/redcliffe-leads'))).toBe(false);
  });
});
