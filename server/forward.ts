/** The SSRF guard (allowlist) and one delivery attempt of a stored lead to a form endpoint. */
import { httpUrl } from '../src/shared/http-url.js';
import { isHubspotSuccess } from '../src/shared/hubspot-success.js';
import { LEAD_FIELDS, toData } from '../src/shared/lead-fields.js';
import { retryAfterMs } from '../src/shared/retry-after.js';
import { withTimeout } from './timeout.js';
import type { ForwardAdapter, StoredLead } from './types.js';

/**
 * Returns a test for "may the handler POST to this URL?". Allowed means: the URL
 * parses, is `https:`, has no user:password, and its normalised `href` equals one
 * allowlist entry exactly (host, port, path and query string; a fragment is
 * dropped before comparing). Nothing is resolved or fetched here, so private and
 * link-local addresses are refused simply because they are not on the list.
 * Throws at start-up if an entry is not an absolute `https:` URL.
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

export const FORWARD_ADAPTERS: readonly ForwardAdapter[] = ['json', 'hubspot'];

/** The lead's `data` object, as the element sent it (the generic JSON adapter's body). */
export const leadData = (lead: StoredLead): Record<string, string> => toData(lead);

/**
 * HubSpot Forms submission (`POST https://api.hsforms.com/submissions/v3/integration/submit/{portalId}/{formGuid}`):
 * the fields the lead field table maps to HubSpot properties (`firstname`, `lastname`, `email`);
 * the page (with its UTM query) as `context.pageUri`.
 */
export function hubspotBody(lead: StoredLead): unknown {
  const context: Record<string, string> = {};
  if (lead.pageUrl !== '') context.pageUri = lead.pageUrl;
  return {
    submittedAt: String(Date.parse(lead.receivedAt)),
    fields: LEAD_FIELDS.flatMap((field) => ('hubspot' in field ? [{ name: field.hubspot, value: lead[field.key] }] : [])),
    context,
  };
}

export type SendResult =
  { delivered: true; httpStatus: number } | { delivered: false; httpStatus?: number; reason: string; permanent: boolean; retryAfterMs?: number };

/** 4xx answers that say "this request will never succeed"; 408, 409, 425 and 429 are worth another try. */
const RETRYABLE_4XX = new Set([408, 409, 425, 429]);

/**
 * One attempt: POSTs the lead in the adapter's format to an allowlisted `url`. Redirects are not
 * followed. Delivered only on the target's real success:
 * - `json`: any 2xx;
 * - `hubspot`: 200 with a JSON body carrying `inlineMessage` or `redirectUri` (HubSpot's documented
 *   success answer; its errors come as 400 with `{ status: "error", errors }`).
 * Never throws.
 */
export async function sendLead(
  adapter: ForwardAdapter,
  url: string,
  lead: StoredLead,
  options: { fetch: typeof fetch; timeoutMs: number; hubspotToken?: string | undefined },
): Promise<SendResult> {
  const body = adapter === 'hubspot' ? hubspotBody(lead) : leadData(lead);
  // Delivery is at least once (a crash between sending and recording sends again): the lead's id,
  // the same on every attempt, lets the receiver drop a repeat.
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': lead.id };
  if (adapter === 'hubspot' && options.hubspotToken) headers.Authorization = `Bearer ${options.hubspotToken}`;
  let response: Response;
  try {
    response = await options.fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const name = error instanceof Error ? error.name : 'Error';
    return { delivered: false, reason: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : name, permanent: false };
  }
  const status = response.status;
  const ok = status >= 200 && status < 300;
  const permanent = status >= 400 && status < 500 && !RETRYABLE_4XX.has(status);
  const wait = retryAfterMs(response.headers.get('retry-after'), Date.now());
  const later = wait === undefined ? {} : { retryAfterMs: wait };
  if (adapter !== 'hubspot') {
    void response.body?.cancel().catch(() => {});
    return ok ? { delivered: true, httpStatus: status } : { delivered: false, httpStatus: status, reason: `status ${status}`, permanent, ...later };
  }
  let answer: unknown;
  try {
    answer = await readJson(response, options.timeoutMs);
  } catch {
    answer = undefined;
  }
  if (status === 200 && isHubspotSuccess(answer)) return { delivered: true, httpStatus: status };
  const reason = ok ? 'hubspot: no inlineMessage or redirectUri in the answer' : `status ${status}`;
  return { delivered: false, httpStatus: status, reason, permanent, ...later };
}

async function readJson(response: Response, timeoutMs: number): Promise<unknown> {
  const text = await withTimeout(response.text(), timeoutMs, 'reading the answer');
  if (text.length > 64 * 1024) return undefined;
  return JSON.parse(text);
}
