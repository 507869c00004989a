/**
 * Where leads may be forwarded (FORWARD_ALLOWLIST, `forwardAllowlist`), each with its CRM:
 * `salesforce:`, `marketo:`, `hubspot:` or `json:` before the address, else the CRM of a well-known
 * host, else the default. The SSRF guard: a lead's `url` must equal an entry's address exactly
 * (https, no credentials, query included, fragment dropped); nothing is resolved, so a private
 * address is refused simply because it is not listed.
 */
import { httpUrl } from '../../src/shared/http-url.js';
import type { ForwardAdapter } from '../types.js';
import type { CrmAdapter, CrmSettings } from './adapter.js';
import { hubspot } from './hubspot.js';
import { json } from './json.js';
import { marketo } from './marketo.js';
import { salesforce } from './salesforce.js';

/** The CRMs, by the name an entry's prefix, `delivery.adapter` and `FORWARD_ADAPTER` take. */
export const ADAPTERS: Record<ForwardAdapter, CrmAdapter> = { json, hubspot, salesforce, marketo };
export const FORWARD_ADAPTERS = Object.keys(ADAPTERS) as ForwardAdapter[];

const BY_HOST: [ForwardAdapter, (host: string) => boolean][] = [
  ['salesforce', (host) => host === 'webto.salesforce.com'],
  ['marketo', (host) => host.endsWith('.mktorest.com')],
  ['hubspot', (host) => host === 'api.hsforms.com'],
];

export type Destination = { adapter: ForwardAdapter; url: string };

function parseHttps(text: string): URL | undefined {
  const url = httpUrl(text, { httpsOnly: true });
  if (url) url.hash = '';
  return url ?? undefined;
}

/** One entry as a destination, or a TypeError saying what is wrong with it. */
function destinationOf(entry: string, fallback: ForwardAdapter, settings: CrmSettings): Destination {
  // `https://` is the address's own scheme; any other word before a colon names a CRM.
  const prefix = /^([a-z]+):(?!\/\/)/i.exec(entry)?.[1];
  // Own keys only: `in` would take `constructor:` or `toString:` from Object.prototype.
  if (prefix !== undefined && !Object.hasOwn(ADAPTERS, prefix))
    throw new TypeError(`"${entry}" names no CRM this server knows: ${FORWARD_ADAPTERS.join(', ')}`);
  const url = parseHttps(prefix === undefined ? entry : entry.slice(prefix.length + 1));
  if (!url) throw new TypeError(`"${entry}" is not an absolute https: URL`);
  const adapter = (prefix as ForwardAdapter | undefined) ?? BY_HOST.find(([, is]) => is(url.hostname))?.[0] ?? fallback;
  const problem = ADAPTERS[adapter].check?.(url, settings);
  if (problem) throw new TypeError(`"${entry}": ${problem}`);
  return { adapter, url: url.href };
}

/** The destination a lead's `url` names, or undefined when it is not listed (`listed`: all of them). Throws at start-up naming a malformed entry. */
export function createAllowlist(entries: readonly string[], fallback: ForwardAdapter = 'json', settings: CrmSettings = {}) {
  const listed = new Map(entries.map((entry) => destinationOf(entry, fallback, settings)).map((destination) => [destination.url, destination]));
  const find = (candidate: string): Destination | undefined => {
    const url = parseHttps(candidate);
    return url && listed.get(url.href);
  };
  // Every destination too: the delivery loop counts a daily limit over all the addresses of one CRM account.
  return Object.assign(find, { listed: [...listed.values()] });
}
