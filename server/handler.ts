/** `createLeadHandler`: the lead endpoint as a Fetch API function, `(Request) => Promise<Response>`. */
import { DATA_FIELDS, fromData } from '../src/shared/lead-fields.js';
import { isFormContentType, isJsonContentType, readBody } from './body.js';
import { createDeliveryLoop, errorName } from './delivery.js';
import { createAllowlist, FORWARD_ADAPTERS } from './forward.js';
import { serverFieldMessages } from '../src/shared/form-check.js';
import { formOriginsOf, formPage, isAllowedFormOrigin, leadBodyOf, readFormValues, seeOther } from './form-post.js';
import { errorResponse, json, methodNotAllowed, unavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from './respond.js';
import { withTimeout } from './timeout.js';
import type {
  AcceptResult,
  Answer,
  HandlerContext,
  LeadData,
  LeadHandler,
  LeadHandlerOptions,
  LeadStore,
  SharedRateLimiter,
  StoredLead,
} from './types.js';
import { validateLead } from './validate.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** What the form page says when the store or the rate limit is unavailable (503). */
const SEND_AGAIN_SOON = 'Your details could not be saved just now. Please send the form again in a moment.';

/**
 * Creates the lead endpoint: `(request, context?) => Promise<Response>`, built only on the Fetch
 * API, so it mounts unchanged in Node (via `toNodeListener`), Next.js route handlers, Deno, Bun and
 * Workers. See README "The reference server handler" for statuses and options.
 *
 * - Store: `options.store`, else `openDefaultStore()` (dynamic `import()`): PostgreSQL when
 *   `DATABASE_URL` is set, else SQLite (`LEADS_DB`, default `.leads/leads.db`).
 * - Every store call is bounded by `storeTimeoutMs`; a failure or time-out answers 503 with
 *   Retry-After (the element retries it), never 500.
 * - Idempotency lives in the store, in the lead's transaction: same key + same body replays the
 *   first answer (across restarts, processes and instances, for `idempotency.ttlMs`, default 24 h);
 *   same key + another body answers 422. A request whose key is still in flight JOINS it: in this
 *   process it awaits the same work; in another process the database makes it wait for the first
 *   transaction, then replays its answer.
 * - Forwarding goes through the outbox written in the same transaction; the delivery loop sends it
 *   after the answer, with back-off. The visitor never waits for the form endpoint.
 * - Logging: lead ids, status codes and error names only; never names, emails or URLs from the lead.
 */
export function createLeadHandler(options: LeadHandlerOptions): LeadHandler {
  if (typeof options?.pdfUrl !== 'string' || options.pdfUrl === '') {
    throw new TypeError('createLeadHandler: options.pdfUrl must be a non-empty string');
  }
  const publicOrigin = options.publicOrigin === undefined ? undefined : originOf(options.publicOrigin);
  const logger = options.logger ?? console;
  const now = options.now ?? Date.now;
  const maxBodyBytes = options.maxBodyBytes ?? 16 * 1024;
  const storeTimeoutMs = positive(options.storeTimeoutMs ?? 5000, 'storeTimeoutMs');
  const isAllowedFormUrl = createAllowlist(options.forwardAllowlist ?? []);
  const formOrigins = [...formOriginsOf(options.formOrigins), ...(publicOrigin ? [new URL(publicOrigin).origin] : [])];
  const minimum = (value: number, name: string) => {
    positive(value, name);
    if (value < DAY_MS && !options.allowShortTimes) throw new TypeError(`createLeadHandler: ${name} must be at least 24 h (86400000 ms)`);
    return value;
  };
  const ttlMs = minimum(options.idempotency?.ttlMs ?? DAY_MS, 'idempotency.ttlMs');
  const delivery = options.delivery ?? {};
  const adapter = delivery.adapter ?? 'json';
  if (!FORWARD_ADAPTERS.includes(adapter)) {
    throw new TypeError(`createLeadHandler: delivery.adapter must be one of ${FORWARD_ADAPTERS.join(', ')} (got ${JSON.stringify(adapter)})`);
  }
  const rateLimit =
    options.rateLimit === false
      ? undefined
      : {
          points: positive(options.rateLimit?.points ?? 10, 'rateLimit.points'),
          durationSeconds: positive(options.rateLimit?.durationSeconds ?? 10, 'rateLimit.durationSeconds'),
        };

  let store: Promise<LeadStore> | undefined;
  const getStore = () =>
    (store ??= withTimeout(
      options.store
        ? Promise.resolve(options.store)
        : import('./default-store.js').then((module) => module.openDefaultStore({ logger })),
      Math.max(storeTimeoutMs, 30_000),
      'opening the store',
    ).catch((error: unknown) => {
      store = undefined;
      throw error;
    }));
  let limiter: SharedRateLimiter | undefined;

  const loop = createDeliveryLoop({
    getStore,
    fetch: options.fetch ?? ((...args) => fetch(...args)),
    timeoutMs: positive(delivery.timeoutMs ?? 10_000, 'delivery.timeoutMs'),
    initialDelayMs: positive(delivery.initialDelayMs ?? 30_000, 'delivery.initialDelayMs'),
    maxDelayMs: positive(delivery.maxDelayMs ?? 60 * 60 * 1000, 'delivery.maxDelayMs'),
    giveUpAfterMs: minimum(delivery.giveUpAfterMs ?? 3 * DAY_MS, 'delivery.giveUpAfterMs'),
    pollMs: positive(delivery.pollMs ?? 5000, 'delivery.pollMs'),
    concurrency: positive(delivery.concurrency ?? 8, 'delivery.concurrency'),
    storeTimeoutMs,
    forgetKeysBefore: () => now() - ttlMs,
    now,
    logger,
  });
  const runLoop = delivery.loop !== false;
  let started = false;
  const startLoop = () => {
    if (runLoop && !started && typeof setInterval === 'function') {
      started = true;
      loop.start();
    }
  };

  /** Requests whose key is being worked on in this process: a second one with the same body joins. */
  const inFlight = new Map<string, { bodyHash: string; work: Promise<AcceptResult> }>();
  let warnedNoAddress = false;

  async function accept(
    formUrl: string,
    data: LeadData,
    answer: Answer,
    key: string | null,
    context: HandlerContext,
  ): Promise<AcceptResult> {
    const lead = toStoredLead(formUrl, data, new Date(now()).toISOString());
    const bodyHash = key === null ? '' : await hashOf(formUrl, data);
    const run = async () => {
      const opened = await getStore();
      return withTimeout(
        opened.accept({
          lead,
          answer,
          now: now(),
          ...(key === null ? {} : { idempotency: { key, bodyHash, forgetBefore: now() - ttlMs } }),
          ...(formUrl === '' ? {} : { delivery: { adapter, url: formUrl } }),
        }),
        storeTimeoutMs,
        'storing the lead',
      );
    };
    let result: AcceptResult;
    if (key === null) result = await run();
    else {
      const joined = inFlight.get(key);
      if (joined && joined.bodyHash === bodyHash) return joined.work;
      // Another body under the same key: let the first finish, then the store answers (422 or stored).
      if (joined) await joined.work.catch(() => {});
      const work = run();
      const entry = { bodyHash, work };
      inFlight.set(key, entry);
      try {
        result = await work;
      } finally {
        if (inFlight.get(key) === entry) inFlight.delete(key);
      }
    }
    if (result.outcome === 'stored') {
      logger.info('lead stored', { id: lead.id });
      if (formUrl !== '') {
        // After the answer, never on the visitor's time; a platform's waitUntil keeps it alive.
        startLoop();
        const delivering = loop.runOnce();
        context.waitUntil?.(delivering);
      }
    }
    return result;
  }

  /** The PDF's absolute URL: `pdfUrl` resolved against `publicOrigin`, else the request URL. */
  const pdfUrlFor = (request: Request) => new URL(options.pdfUrl, publicOrigin ?? request.url).href;

  /** The per-address limit: a 429 or 503 answer (JSON), or undefined to go on. */
  async function checkRateLimit(context: HandlerContext): Promise<Response | undefined> {
    if (rateLimit && context.clientAddress) {
      let decision;
      try {
        const opened = await getStore();
        limiter ??= opened.rateLimiter(rateLimit);
        decision = await withTimeout(limiter.consume(context.clientAddress), storeTimeoutMs, 'rate limit');
      } catch (error) {
        logger.error('rate limit unavailable', { error: errorName(error) });
        return unavailable();
      }
      if (!decision.ok) {
        return errorResponse(429, 'rate_limited', `Too many requests; wait ${decision.retryAfterSeconds} s and send again.`, {
          headers: { 'Retry-After': String(decision.retryAfterSeconds) },
        });
      }
    } else if (rateLimit && !warnedNoAddress) {
      warnedNoAddress = true;
      logger.warn('rate limit skipped: no clientAddress in the handler context');
    }
    return undefined;
  }

  /**
   * A post of the plain form (no JavaScript): the same validation, store and idempotency as JSON.
   * The key is derived from the lead itself, so a double submit or a resend stores one lead. Success
   * answers 303 to the PDF; anything else an HTML page with the form, what was typed and what to fix.
   */
  async function handleFormPost(request: Request, context: HandlerContext): Promise<Response> {
    if (!isAllowedFormOrigin(request, formOrigins)) {
      logger.warn('form post refused: Origin not allowed (add the page\'s origin to formOrigins)', { origin: request.headers.get('origin') ?? '(none)' });
      return formPage({ status: 403, notice: 'This page cannot send the form here. Please download the case study from the site it belongs to.' });
    }
    const body = await readBody(request, maxBodyBytes);
    if (!body.ok) {
      return formPage({ status: body.reason === 'too_large' ? 413 : 400, notice: 'The form could not be read. Please go back, check the fields and send it again.' });
    }
    const values = readFormValues(body.text, request.headers.get('referer'));
    const limited = await checkRateLimit(context);
    if (limited) {
      const retryAfter = limited.headers.get('Retry-After') ?? String(UNAVAILABLE_RETRY_AFTER_SECONDS);
      return formPage({
        status: limited.status === 429 ? 429 : 503,
        notice:
          limited.status === 429
            ? `Too many tries from this address: wait ${retryAfter} seconds, then send the form again.`
            : SEND_AGAIN_SOON,
        values,
        headers: { 'Retry-After': retryAfter },
      });
    }
    const lead = validateLead(leadBodyOf(values), { isAllowedFormUrl });
    if (!lead.ok) {
      const messages = serverFieldMessages(lead.fields);
      if (Object.keys(messages).length === 0) {
        logger.warn('form post refused: not a valid lead', { fields: Object.keys(lead.fields).join(', ') });
        return formPage({ status: 400, notice: 'This form is not set up to send leads here. Please tell the site’s owner.', values });
      }
      return formPage({ status: 400, notice: 'Check the fields marked below, then send the form again.', values, messages });
    }
    const pdfUrl = pdfUrlFor(request);
    const answer: Answer = { status: 200, body: { pdf_url: pdfUrl } };
    let result: AcceptResult;
    try {
      result = await accept(lead.formUrl, lead.data, answer, `form:${await hashOf(lead.formUrl, lead.data)}`, context);
    } catch (error) {
      logger.error('lead not stored', { error: errorName(error) });
      return formPage({
        status: 503,
        notice: SEND_AGAIN_SOON,
        values,
        headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
      });
    }
    const given = result.outcome === 'replayed' ? result.answer : answer;
    const location = (given.body as { pdf_url?: unknown }).pdf_url;
    return seeOther(typeof location === 'string' ? location : pdfUrl);
  }

  async function handle(request: Request, context: HandlerContext): Promise<Response> {
    if (request.method !== 'POST') return methodNotAllowed();

    if (isFormContentType(request.headers.get('content-type'))) return handleFormPost(request, context);

    const limited = await checkRateLimit(context);
    if (limited) return limited;
    if (!isJsonContentType(request.headers.get('content-type'))) {
      return errorResponse(
        415,
        'unsupported_media_type',
        'Send the body as JSON with Content-Type: application/json (or a form as application/x-www-form-urlencoded).',
      );
    }

    const key = request.headers.get('idempotency-key');
    if (key !== null && !isValidIdempotencyKey(key)) {
      return errorResponse(400, 'invalid_idempotency_key', 'Idempotency-Key must be 1 to 200 visible ASCII characters, such as a UUID.');
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

    const lead = validateLead(parsed, { isAllowedFormUrl });
    if (!lead.ok) return errorResponse(400, 'invalid_lead', lead.message, { fields: lead.fields });

    const answer: Answer = { status: 200, body: { pdf_url: pdfUrlFor(request) } };
    let result: AcceptResult;
    try {
      result = await accept(lead.formUrl, lead.data, answer, key, context);
    } catch (error) {
      logger.error('lead not stored', { error: errorName(error) });
      return unavailable();
    }
    if (result.outcome === 'key_reused') {
      return errorResponse(
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was already used with a different body. Send a new key for a new lead.',
      );
    }
    const given = result.outcome === 'replayed' ? result.answer : answer;
    return json(given.status, given.body);
  }

  const handler = async (request: Request, context: HandlerContext = {}) => {
    // The first request (or ready()) starts the loop, which first sends what earlier runs left pending.
    startLoop();
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

  return Object.assign(handler, {
    async ready() {
      await getStore();
      startLoop();
    },
    deliver: () => loop.runOnce(),
    async close() {
      await loop.stop();
      const opened = await store?.catch(() => undefined);
      store = undefined;
      if (opened && !options.store) await opened.close();
    },
  });
}

/** Keys the client may send: 1 to 200 visible ASCII characters (a UUID fits). */
export function isValidIdempotencyKey(key: string): boolean {
  return /^[\x21-\x7e]{1,200}$/.test(key);
}

/** SHA-256 (hex) of the validated lead: what "the same body" means for an Idempotency-Key. */
async function hashOf(formUrl: string, data: LeadData): Promise<string> {
  const canonical = JSON.stringify([formUrl, ...DATA_FIELDS.map((field) => data[field])]);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonical));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function toStoredLead(formUrl: string, data: LeadData, receivedAt: string): StoredLead {
  return { id: crypto.randomUUID(), receivedAt, formUrl, ...fromData(data) };
}

function positive(value: number, name: string): number {
  if (!(value > 0) || !Number.isFinite(value)) throw new TypeError(`createLeadHandler: ${name} must be a positive number`);
  return value;
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
