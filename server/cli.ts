#!/usr/bin/env node
/** `redcliffe-leads`: the lead server and the leads, from one command (USAGE below). */
import { httpUrl } from '../src/shared/http-url.js';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { isFormGuid, isPortalId } from '../src/shared/hubspot-form.js';
import { leadsToCsv, leadsToNdjson } from './export.js';
import { startServe } from './serve.js';
import { SettingError } from './serve-settings.js';
import { readStoryFile, storyPdf } from './serve/stories.js';
import {
  cdnAssets,
  ELEMENT_OPTIONS,
  ELEMENT_URL_OPTIONS,
  readIntegrity,
  renderedSnippetFor,
  serveSnippet,
  snippet,
  type ElementOptions,
} from './serve/snippet.js';
import { describeDefaultStore, openDefaultStore } from './store/default.js';
import type { LeadStore } from './types.js';

const USAGE = `Usage:
  redcliffe-leads serve                         the lead server: endpoint, element files, PDF, snippet page
  redcliffe-leads snippet --origin <url> [--rendered] [element options]
                                                the HTML to paste, for a serve server at <url>
                                                (--rendered: the story already in it, readable without JavaScript)
  redcliffe-leads snippet --hubspot-portal <id> --hubspot-form <guid> [--pdf-url <url>] [element options]
                                                the HTML to paste, sending leads to a HubSpot form (no server)
    element options: --privacy-url <url> (the privacy notice under the form: set it before launch),
                     --contact-url <url> (the next step after a download),
                     --consent-text <text> --hubspot-subscription-type <id> (an optional consent box),
                     --testimonial-name <text> --testimonial-title <text>
                     --testimonial-url <url> --testimonial-photo <url> (the quoted person, as confirmed)
  redcliffe-leads story check <file>            exits 0 for a valid story file, else prints each problem with its path
  redcliffe-leads story pdf <file> --out <file.pdf>
                                                that story's one-page PDF
  redcliffe-leads stats                         {"leads":N,"forwarded":N,"pending":N,"failed":N,"notForwarded":N,"spam":N}
  redcliffe-leads export --format csv|ndjson [--include-spam]
  redcliffe-leads forget --email <address>      erases that person's leads (right to erasure)
  redcliffe-leads prune --older-than <days>     erases leads received more than <days> days ago

serve reads PORT (8787), HOST, PUBLIC_ORIGIN, CORS_ORIGINS, PDF_URL, STORIES_DIR, PRIVACY_URL, CONTACT_URL, CONSENT_TEXT,
FORWARD_ALLOWLIST, FORWARD_ADAPTER, HUBSPOT_TOKEN, HUBSPOT_SUBSCRIPTION_TYPE_ID, SALESFORCE_OID,
SALESFORCE_LEAD_SOURCE, SALESFORCE_FIELDS, SALESFORCE_DAILY_LIMIT, MARKETO_CLIENT_ID, MARKETO_CLIENT_SECRET,
MARKETO_FIELDS, RATE_LIMIT_POINTS, RATE_LIMIT_SECONDS and TRUST_PROXY (docs/server.md). Every command uses
PostgreSQL when DATABASE_URL is set, else SQLite at LEADS_DB (default .leads/leads.db).`;

const quiet = { info() {}, warn() {}, error() {} };

function fail(message: string, code = 2): never {
  process.stderr.write(`redcliffe-leads: ${message}\n`);
  process.exit(code);
}

type ElementFlag = (typeof ELEMENT_OPTIONS)[keyof typeof ELEMENT_OPTIONS];

function elementOptions(values: Record<string, string | boolean | undefined>): ElementOptions {
  const element: ElementOptions = {};
  for (const [option, flag] of Object.entries(ELEMENT_OPTIONS) as [keyof ElementOptions, string][]) {
    const value = values[flag];
    if (typeof value !== 'string') continue;
    if ((ELEMENT_URL_OPTIONS as readonly string[]).includes(option) && !httpUrl(value)) fail(`--${flag} must be an absolute http(s) URL (got "${value}")`);
    element[option] = value;
  }
  if (!element.privacyUrl)
    process.stderr.write('redcliffe-leads: no --privacy-url, so the download form shows no privacy notice; add it before the page goes live.\n');
  return element;
}

// A reader that stops early (`export | head`) closes the pipe: that is the end, not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

async function write(chunk: string): Promise<void> {
  if (!process.stdout.write(chunk)) await new Promise((resolve) => process.stdout.once('drain', resolve));
}

async function withStore<T>(work: (store: LeadStore) => Promise<T>): Promise<T> {
  // Opening a SQLite file that is not there would create an empty one and answer {"erased":0}.
  const file = process.env.DATABASE_URL ? undefined : path.resolve(process.env.LEADS_DB || path.join('.leads', 'leads.db'));
  if (file !== undefined && !existsSync(file))
    fail(`no leads database at ${file} (LEADS_DB): set LEADS_DB to the file serve writes, or DATABASE_URL for PostgreSQL`, 1);
  const store = await openDefaultStore({ logger: quiet }).catch((error: Error) => fail(error.message, 1));
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

const STRING = { type: 'string' } as const;
const FLAG = { type: 'boolean' } as const;
const ELEMENT_FLAGS = Object.fromEntries(Object.values(ELEMENT_OPTIONS).map((flag) => [flag, STRING])) as Record<ElementFlag, typeof STRING>;
const COMMANDS = {
  serve: {},
  snippet: { origin: STRING, rendered: FLAG, 'hubspot-portal': STRING, 'hubspot-form': STRING, 'pdf-url': STRING, ...ELEMENT_FLAGS },
  stats: {},
  export: { format: STRING, 'include-spam': FLAG },
  forget: { email: STRING },
  prune: { 'older-than': STRING },
  story: { out: STRING },
};
const OPTIONS = {
  ...COMMANDS.snippet,
  ...COMMANDS.export,
  ...COMMANDS.forget,
  ...COMMANDS.prune,
  ...COMMANDS.story,
  help: { type: 'boolean', short: 'h' },
} as const;

async function main(argv: string[]): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  const [command, ...extra] = positionals;
  if (command === undefined || values.help) {
    process.stdout.write(`${USAGE}\n`);
    if (command === undefined && !values.help) process.exitCode = 2;
    return;
  }
  if (extra.length && command !== 'story') fail(`unexpected argument "${extra[0]}"\n${USAGE}`);
  if (!Object.hasOwn(COMMANDS, command)) fail(`unknown command "${command}"\n${USAGE}`);
  const stray = Object.keys(values).find((name) => values[name as keyof typeof values] !== undefined && !(name in COMMANDS[command as keyof typeof COMMANDS]));
  if (stray) fail(`${command} takes no --${stray}\n${USAGE}`);

  switch (command) {
    case 'serve': {
      const { settings, port, stop } = await startServe().catch((error: unknown) =>
        fail(error instanceof Error ? error.message : String(error), error instanceof SettingError ? 2 : 1),
      );
      const started = { port, host: settings.host, publicOrigin: settings.publicOrigin, corsOrigins: settings.corsOrigins, trustProxy: settings.trustProxy };
      process.stdout.write(
        `${JSON.stringify({ time: new Date().toISOString(), level: 'info', message: 'listening', ...started, store: describeDefaultStore() })}\n`,
      );
      const note = (words: string) => process.stderr.write(`redcliffe-leads: ${words}.\n`);
      if (!settings.privacyUrl)
        note("PRIVACY_URL is not set, so the download form on the start page shows no privacy notice; set it to the page's https address");
      if (!settings.contactUrl) note("CONTACT_URL is not set, so the confirmation after a download offers no next step; set it to the page's https address");
      if (settings.corsOrigins.length === 0)
        note('CORS_ORIGINS is empty, so no other site may send leads here from the browser; set it to the origins of the sites that embed the element');
      const exit = (code: number) => () => process.exit(code);
      for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void stop().then(exit(0), exit(1)));
      return;
    }
    case 'snippet': {
      const integrity = await readIntegrity();
      const element = elementOptions(values);
      if (values['hubspot-portal'] !== undefined || values['hubspot-form'] !== undefined) {
        const portal = values['hubspot-portal'] ?? '';
        const form = (values['hubspot-form'] ?? '').toLowerCase();
        if (!isPortalId(portal)) fail(`--hubspot-portal must be your HubSpot account ID, digits such as 1234567 (got "${portal}")`);
        if (!isFormGuid(form)) fail(`--hubspot-form must be the form's GUID, such as 0a1b2c3d-aaaa-bbbb-cccc-0123456789ab (got "${form}")`);
        const pdfUrl = values['pdf-url'];
        if (pdfUrl !== undefined && !httpUrl(pdfUrl)) fail(`--pdf-url must be an absolute http(s) URL (got "${pdfUrl}")`);
        await write(`${snippet({ assets: cdnAssets(integrity.version), integrity, to: { hubspotPortal: portal, hubspotForm: form }, pdfUrl, element })}\n`);
        return;
      }
      if (!values.origin) fail(`snippet needs --origin <url>, the address of your serve server (or --hubspot-portal and --hubspot-form)\n${USAGE}`);
      const origin = httpUrl(values.origin);
      if (!origin) fail(`--origin must be the http(s) address of your serve server, such as https://leads.example.com (got "${values.origin}")`);
      await write(`${values.rendered ? await renderedSnippetFor(origin.origin, element) : serveSnippet(origin.origin, integrity, { element })}\n`);
      return;
    }
    case 'story': {
      const [action, file, more] = extra;
      if (!(action === 'check' || action === 'pdf') || !file || more !== undefined) fail(`story needs check <file> or pdf <file> --out <file.pdf>\n${USAGE}`);
      if (action === 'check' && values.out !== undefined) fail('story check takes no --out');
      if (action === 'pdf' && !values.out) fail('story pdf needs --out <file.pdf>, where to write the PDF');
      const read = await readStoryFile(path.resolve(file)).catch((error: Error) => fail(`cannot read ${file}: ${error.message}`, 1));
      if (!read.ok) {
        process.stderr.write(`${file} is not a valid story:\n${read.problems.map((problem) => `  ${problem}\n`).join('')}`);
        process.exit(1);
      }
      if (action === 'check') return void (await write(`${file}: a valid story, "${read.story.id}"\n`));
      const bytes = await storyPdf(read.story);
      await writeFile(values.out!, bytes);
      await write(`${values.out}: the one-page PDF of "${read.story.id}" (${bytes.byteLength} bytes)\n`);
      return;
    }
    case 'stats':
      await withStore(async (store) => write(`${JSON.stringify(await store.stats())}\n`));
      return;
    case 'export': {
      const format = values.format;
      if (format !== 'csv' && format !== 'ndjson') fail(`export needs --format csv or --format ndjson\n${USAGE}`);
      await withStore(async (store) => {
        const leads = store.exportLeads({ includeSpam: values['include-spam'] === true });
        for await (const chunk of format === 'csv' ? leadsToCsv(leads) : leadsToNdjson(leads)) await write(chunk);
      });
      return;
    }
    case 'forget': {
      const email = values.email?.trim();
      if (!email || !email.includes('@')) fail(`forget needs --email <address>, the person's email address\n${USAGE}`);
      const erased = await withStore((store) => store.forget(email));
      await write(`${JSON.stringify({ erased })}\n`);
      return;
    }
    case 'prune': {
      const days = Number(values['older-than']);
      if (!values['older-than'] || !Number.isFinite(days) || days <= 0) fail(`prune needs --older-than <days>, a positive number of days\n${USAGE}`);
      const erased = await withStore((store) => store.prune(Date.now() - days * 24 * 60 * 60 * 1000));
      await write(`${JSON.stringify({ erased, olderThanDays: days })}\n`);
      return;
    }
  }
}

main(process.argv.slice(2)).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error), 1));
