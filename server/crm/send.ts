/** The SSRF guard (the allowlist) and one attempt to send a stored lead to its form endpoint. */
import { httpUrl } from '../../src/shared/http-url.js';
import { retryAfterMs } from '../../src/shared/retry-after.js';
import { withTimeout } from '../errors.js';
import type { ForwardAdapter, StoredLead } from '../types.js';
import type { CrmAdapter, Outcome } from './adapter.js';
import { hubspot } from './hubspot.js';
import { json } from './json.js';

/** The CRMs leads can be forwarded to, by the name `delivery.adapter` and `FORWARD_ADAPTER` take. */
export const ADAPTERS: Record<ForwardAdapter, CrmAdapter> = { json, hubspot };
export const FORWARD_ADAPTERS = Object.keys(ADAPTERS) as ForwardAdapter[];

/**
 * "May the handler POST to this URL?": an `https:` URL without credentials whose normalised `href`
 * equals an entry exactly (query included, fragment dropped). Nothing is resolved, so a private
 * address is refused simply because it is not listed.
 */
export function createAllowlist(entries: readonly string[]): (url: string) => boolean {
  const allowed = new Set(
    entries.map((entry) => {
      const url = parseHttps(entry);
      if (!url) throw new TypeError(`forwardAllowlist entry is not an absolute https: URL: ${entry}`);
      return url.href;
    }),
  );
  return (candidate) => {
    const url = parseHttps(candidate);
    return url !== undefined && allowed.has(url.href);
  };
}

function parseHttps(text: string): URL | undefined {
  const url = httpUrl(text, { httpsOnly: true });
  if (!url) return undefined;
  url.hash = '';
  return url;
}

/** 4xx answers that say "this request will never succeed"; 408, 409, 425 and 429 are worth another try. */
const RETRYABLE_4XX = new Set([408, 409, 425, 429]);

/** One attempt, following no redirect. Never throws. */
export async function sendLead(
  adapter: ForwardAdapter,
  url: string,
  lead: StoredLead,
  options: { fetch: typeof fetch; timeoutMs: number; hubspotToken?: string | undefined },
): Promise<Outcome> {
  const crm = ADAPTERS[adapter];
  const { body, headers } = crm.request(lead, options);
  let response: Response;
  try {
    response = await options.fetch(url, {
      method: 'POST',
      // At least once: the same id on every attempt lets the receiver drop a repeat.
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': lead.id, ...headers },
      body: JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    return { delivered: false, reason: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : name, permanent: false };
  }
  const status = response.status;
  const wait = retryAfterMs(response.headers.get('retry-after'), Date.now());
  let read: Outcome | undefined;
  if (crm.read) read = crm.read(status, await readJson(response, options.timeoutMs));
  else void response.body?.cancel().catch(() => {});
  const outcome: Outcome =
    read ??
    (status >= 200 && status < 300
      ? { delivered: true, httpStatus: status }
      : { delivered: false, httpStatus: status, reason: `status ${status}`, permanent: status >= 400 && status < 500 && !RETRYABLE_4XX.has(status) });
  return outcome.delivered || wait === undefined ? outcome : { ...outcome, retryAfterMs: wait };
}

/** The answer's JSON (at most 64 KiB), or undefined. */
async function readJson(response: Response, timeoutMs: number): Promise<unknown> {
  try {
    const text = await withTimeout(response.text(), timeoutMs, 'reading the answer');
    return text.length > 64 * 1024 ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}
