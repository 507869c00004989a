#!/usr/bin/env node
/**
 * `redcliffe-leads`: leads for marketers, from the same database the handler writes.
 *
 *   redcliffe-leads stats                         → {"leads":N,"forwarded":N,"pending":N,"failed":N}
 *   redcliffe-leads export --format csv|ndjson    → every lead on standard output
 *
 * Reads DATABASE_URL (PostgreSQL) or LEADS_DB (SQLite, default .leads/leads.db), like the server.
 */
import { describeDefaultStore, openDefaultStore } from './default-store.js';
import { leadsToCsv, leadsToNdjson } from './export.js';

const USAGE = `Usage:
  redcliffe-leads stats
  redcliffe-leads export --format csv|ndjson

Reads PostgreSQL when DATABASE_URL is set, else SQLite at LEADS_DB (default .leads/leads.db).`;

const quiet = { info() {}, warn() {}, error() {} };

function fail(message: string, code = 2): never {
  process.stderr.write(`redcliffe-leads: ${message}\n`);
  process.exit(code);
}

async function write(chunk: string): Promise<void> {
  if (!process.stdout.write(chunk)) await new Promise((resolve) => process.stdout.once('drain', resolve));
}

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h') {
    process.stdout.write(`${USAGE}\n`);
    if (command === undefined) process.exitCode = 2;
    return;
  }
  let format: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === '--format') format = rest[++i];
    else if (arg.startsWith('--format=')) format = arg.slice('--format='.length);
    else fail(`unknown argument "${arg}"\n${USAGE}`);
  }
  if (command !== 'stats' && command !== 'export') fail(`unknown command "${command}"\n${USAGE}`);
  if (command === 'export' && format !== 'csv' && format !== 'ndjson') fail(`export needs --format csv or --format ndjson\n${USAGE}`);
  if (command === 'stats' && format !== undefined) fail('stats takes no --format');

  let store;
  try {
    store = await openDefaultStore({ logger: quiet });
  } catch (error) {
    fail(`cannot open ${describeDefaultStore()}: ${error instanceof Error ? error.message : String(error)}`, 1);
  }
  try {
    if (command === 'stats') {
      await write(`${JSON.stringify(await store.stats())}\n`);
    } else {
      const chunks = format === 'csv' ? leadsToCsv(store.exportLeads()) : leadsToNdjson(store.exportLeads());
      for await (const chunk of chunks) await write(chunk);
    }
  } finally {
    await store.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error), 1));
