/** One attempt to send a stored lead to its destination, as its CRM wants it. */
import { retryAfterMs } from '../../src/shared/retry-after.js';
import { withTimeout } from '../errors.js';
import type { Delivery } from '../types.js';
import type { CrmSettings, Outcome } from './adapter.js';
import { ADAPTERS } from './destinations.js';

/** 4xx answers that say "this request will never succeed"; 408, 409, 425 and 429 are worth another try. */
const RETRYABLE_4XX = new Set([408, 409, 425, 429]);

type SendOptions = { fetch: typeof fetch; timeoutMs: number; now: () => number; settings: CrmSettings };

/** One attempt, following no redirect, once more at once when the CRM asks for a new token. Never throws. */
export async function sendLead({ adapter, url, lead }: Pick<Delivery, 'adapter' | 'url' | 'lead'>, options: SendOptions): Promise<Outcome> {
  const crm = ADAPTERS[adapter];
  const post = async (renew: boolean): Promise<Outcome> => {
    const request = await crm.request(lead, new URL(url), options.settings, { ...options, renew });
    if ('delivered' in request) return request;
    let response: Response;
    try {
      response = await options.fetch(request.url ?? url, {
        method: 'POST',
        // At least once: the same id on every attempt lets the receiver drop a repeat.
        headers: {
          'Content-Type': request.form ? 'application/x-www-form-urlencoded' : 'application/json',
          Accept: 'application/json',
          'Idempotency-Key': lead.id,
          ...request.headers,
        },
        body: request.form ?? JSON.stringify(request.json),
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
  };
  const first = await post(false);
  return !first.delivered && first.renew ? post(true) : first;
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
