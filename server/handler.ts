/** `createLeadHandler`: the lead endpoint as a Fetch API function, `(Request) => Promise<Response>`. */
import { isJsonContentType, readBody } from './body.js';
import { createAllowlist, forwardLead } from './forward.js';
import { createIdempotencyCache, isValidIdempotencyKey, type Answer } from './idempotency.js';
import { createRateLimiter } from './rate-limit.js';
import { errorResponse, json } from './respond.js';
import type { HandlerContext, LeadHandler, LeadHandlerOptions, LeadStore, StoredLead } from './types.js';
import { validateLead, type LeadData } from './validate.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Creates the lead endpoint: `(request, context?) => Promise<Response>`, built
 * only on the Fetch API, so it mounts unchanged in Node (via `toNodeListener`),
 * Next.js route handlers, Deno, Bun and Cloudflare Workers.
 *
 * - Store: pass `store` (required on runtimes without `node:fs`). Without it,
 *   `createNdjsonStore()` is loaded by dynamic `import()` on the first valid
 *   lead, never at import time.
 * - Methods: only POST. Every other method, OPTIONS included, gets 405 with
 *   `Allow: POST`; CORS is not handled (mount it same-origin or add CORS in front).
 * - Rate limit: keyed by `context.clientAddress`. When no address is given the
 *   limiter is skipped (a shared bucket would throttle every visitor at once)
 *   and a warning is logged once.
 * - Idempotency: only 200 answers are remembered. A 400 is recomputed from the
 *   body, so a corrected resubmission with the same key goes through; a 500 is
 *   forgotten so a retry stores the lead. A remembered key replays its first
 *   answer whatever the new body says, and stores nothing.
 * - Logging: lead ids, status codes and error names only; never names, emails
 *   or URLs from the lead.
 */
export function createLeadHandler(options: LeadHandlerOptions): LeadHandler {
  if (typeof options?.pdfUrl !== 'string' || options.pdfUrl === '') {
    throw new TypeError('createLeadHandler: options.pdfUrl must be a non-empty string');
  }
  const publicOrigin = options.publicOrigin === undefined ? undefined : originOf(options.publicOrigin);
  const logger = options.logger ?? console;
  const now = options.now ?? Date.now;
  const maxBodyBytes = options.maxBodyBytes ?? 16 * 1024;
  const maxFieldLength = options.maxFieldLength ?? 200;
  const isAllowedFormUrl = createAllowlist(options.forwardAllowlist ?? []);
  const forwardOptions = { fetch: options.fetch ?? fetch, timeoutMs: options.forwardTimeoutMs ?? 5000 };
  const limiter =
    options.rateLimit === false
      ? undefined
      : createRateLimiter({
          capacity: positive(options.rateLimit?.capacity ?? 10, 'rateLimit.capacity'),
          refillPerSecond: positive(options.rateLimit?.refillPerSecond ?? 1, 'rateLimit.refillPerSecond'),
          maxClients: positive(options.rateLimit?.maxClients ?? 10_000, 'rateLimit.maxClients'),
          now,
        });
  const idempotency = createIdempotencyCache({
    ttlMs: options.idempotency?.ttlMs ?? DAY_MS,
    maxKeys: options.idempotency?.maxKeys ?? 10_000,
    now,
    remember: (answer) => answer.status === 200,
  });

  let store: Promise<LeadStore> | undefined;
  const getStore = () =>
    (store ??= (
      options.store
        ? Promise.resolve(options.store)
        : import('./ndjson-store.js').then((module) => module.createNdjsonStore())
    ).catch((error: unknown) => {
      store = undefined;
      throw error;
    }));

  let warnedNoAddress = false;

  async function accept(formUrl: string, data: LeadData, requestUrl: string, context: HandlerContext): Promise<Answer> {
    const lead = toStoredLead(formUrl, data, new Date(now()).toISOString());
    try {
      await (await getStore()).append(lead);
    } catch (error) {
      logger.error('lead not stored', { id: lead.id, error: errorName(error) });
      return {
        status: 500,
        body: { error: 'internal_error', message: 'The lead could not be saved. Please try again in a moment.' },
      };
    }
    logger.info('lead stored', { id: lead.id });

    if (formUrl !== '') {
      const forwarding = forwardLead(formUrl, data, forwardOptions).then((result) => {
        if (result.forwarded) logger.info('lead forwarded', { id: lead.id });
        else logger.warn('lead not forwarded', { id: lead.id, forwarded: false, reason: result.reason });
      });
      if (context.waitUntil) context.waitUntil(forwarding);
      else await forwarding;
    }
    return { status: 200, body: { pdf_url: new URL(options.pdfUrl, publicOrigin ?? requestUrl).href } };
  }

  async function handle(request: Request, context: HandlerContext): Promise<Response> {
    if (request.method !== 'POST') {
      return errorResponse(405, 'method_not_allowed', 'Send the lead with POST.', { headers: { Allow: 'POST' } });
    }

    if (limiter && context.clientAddress) {
      const decision = limiter.take(context.clientAddress);
      if (!decision.ok) {
        return errorResponse(429, 'rate_limited', `Too many requests; wait ${decision.retryAfterSeconds} s and send again.`, {
          headers: { 'Retry-After': String(decision.retryAfterSeconds) },
        });
      }
    } else if (limiter && !warnedNoAddress) {
      warnedNoAddress = true;
      logger.warn('rate limit skipped: no clientAddress in the handler context');
    }

    if (!isJsonContentType(request.headers.get('content-type'))) {
      return errorResponse(415, 'unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
    }

    const key = request.headers.get('idempotency-key');
    if (key !== null && !isValidIdempotencyKey(key)) {
      return errorResponse(
        400,
        'invalid_idempotency_key',
        'Idempotency-Key must be 1 to 200 visible ASCII characters, such as a UUID.',
      );
    }

    const body = await readBody(request, maxBodyBytes);
    if (!body.ok && body.reason === 'too_large') {
      return errorResponse(413, 'payload_too_large', `Keep the body under ${maxBodyBytes} bytes.`);
    }
    let parsed: unknown;
    try {
      if (!body.ok) throw new SyntaxError('unreadable body');
      parsed = JSON.parse(body.text);
    } catch {
      return errorResponse(400, 'invalid_json', 'Send a body that is valid UTF-8 JSON.');
    }

    const lead = validateLead(parsed, { maxFieldLength, isAllowedFormUrl });
    if (!lead.ok) return errorResponse(400, 'invalid_lead', lead.message, { fields: lead.fields });

    const work = () => accept(lead.formUrl, lead.data, request.url, context);
    const answer = key === null ? await work() : await idempotency.run(key, work);
    return json(answer.status, answer.body);
  }

  return async (request, context = {}) => {
    let response: Response;
    try {
      response = await handle(request, context);
    } catch (error) {
      logger.error('lead handler failed', { error: errorName(error) });
      response = errorResponse(500, 'internal_error', 'Something went wrong on our side. Please try again.');
    }
    const log = response.status >= 500 ? logger.error : response.status >= 400 ? logger.warn : logger.info;
    log.call(logger, 'lead request answered', { status: response.status });
    return response;
  };
}

function toStoredLead(formUrl: string, data: LeadData, receivedAt: string): StoredLead {
  return {
    id: crypto.randomUUID(),
    receivedAt,
    firstName: data['First Name'],
    lastName: data['Last Name'],
    email: data['Work Email'],
    pageUrl: data.page_url,
    referrer: data.referrer,
    utm: {
      source: data.utm_source,
      medium: data.utm_medium,
      campaign: data.utm_campaign,
      term: data.utm_term,
      content: data.utm_content,
    },
    formUrl,
  };
}

function positive(value: number, name: string): number {
  if (!(value > 0) || !Number.isFinite(value)) throw new TypeError(`createLeadHandler: ${name} must be a positive number`);
  return value;
}

/** Only the error's name and code: a store's message could echo the lead. */
function errorName(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? `${error.name} ${code}` : error.name;
}

/** `publicOrigin` as an origin (`https://www.example.com`), or a TypeError saying what to pass. */
function originOf(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin === 'null') {
    throw new TypeError(
      `createLeadHandler: options.publicOrigin must be an absolute http(s) origin such as "https://www.example.com" (got ${JSON.stringify(value)})`,
    );
  }
  return `${url.origin}/`;
}
