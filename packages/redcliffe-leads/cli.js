#!/usr/bin/env node
/**
 * `redcliffe-leads`: the lead server's command. Its code ships in redcliffe-case-study
 * (dist/server/cli.js, beside the element's files that `serve` publishes and the one version both
 * share); this package adds what a clean machine lacks for `npx redcliffe-leads serve`: the command
 * under its own name, and the SQLite driver as a dependency. PostgreSQL (DATABASE_URL) needs `pg`
 * installed beside it; the command says so when it is missing.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const element = path.dirname(require.resolve('redcliffe-case-study/package.json'));
await import(pathToFileURL(path.join(element, 'dist/server/cli.js')).href);
