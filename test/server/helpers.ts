import { DATA_FIELDS } from '../../src/shared/lead-fields.js';
import { createLeadHandler, createMemoryStore } from '../../server/index.js';
import type { LeadHandlerOptions, LeadStore, Logger } from '../../server/index.js';

/** Parsed JSON of a response, typed loosely for assertions. */
export async function jsonOf(response: Response): Promise<any> {
  return response.json();
}

export const ENDPOINT = 'https://example.com/api/lead';

/** A valid `data` object: every field of the lead contract, the visitor's three filled in. */
export function validData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const data: Record<string, unknown> = Object.fromEntries(DATA_FIELDS.map((field) => [field, '']));
  Object.assign(data, {
    'First Name': 'Ada',
    'Last Name': 'Lovelace',
    'Work Email': 'ada@example.com',
    page_url: 'https://example.com/stories/redcliffe',
  });
  return { ...data, ...overrides };
}

export function validBody(overrides: Record<string, unknown> = {}, url = ''): string {
  return JSON.stringify({ url, data: validData(overrides) });
}

export function post(body: RequestInit['body'], headers: Record<string, string> = {}): Request {
  return new Request(ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body,
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}

export function captureLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const record = (level: string) => (message: string, meta?: Record<string, unknown>) => {
    lines.push(`${level} ${message} ${JSON.stringify(meta ?? {})}`);
  };
  return { lines, info: record('info'), warn: record('warn'), error: record('error') };
}

/** A store whose every call fails (or hangs) while `state.mode` says so; otherwise the memory store. */
export function faultyStore(state: { mode: 'ok' | 'fail' | 'hang' }) {
  const inner = createMemoryStore();
  const guard = <T>(call: () => Promise<T>): Promise<T> => {
    if (state.mode === 'fail') return Promise.reject(Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' }));
    if (state.mode === 'hang') return new Promise<T>(() => {});
    return call();
  };
  const store: LeadStore & { leads: typeof inner.leads } = {
    ...inner,
    leads: inner.leads,
    accept: (request) => guard(() => inner.accept(request)),
    rateLimiter: (options) => {
      const limiter = inner.rateLimiter(options);
      return { consume: (client) => guard(() => limiter.consume(client)) };
    },
  };
  return store;
}

/** A handler with an in-memory store, a silent logger, no rate limit and no background loop; override anything. */
export function setup(options: Partial<LeadHandlerOptions> = {}) {
  const store = createMemoryStore();
  const logger = captureLogger();
  const handler = createLeadHandler({
    pdfUrl: '/one-pager.pdf',
    store,
    logger,
    rateLimit: false,
    ...options,
    delivery: { loop: false, ...options.delivery },
  });
  return { handler, store: (options.store as typeof store | undefined) ?? store, logger };
}

/**
 * The PDF a no-JS form's answer hands over: the thank-you page's primary link (routes/thanks-page.ts),
 * or undefined for any other answer (a page asking to fix a field or press once more, an error).
 * Reads a clone, so the body can still be read.
 */
export async function thankYouPdf(response: Response): Promise<string | undefined> {
  if (response.status !== 200 || !response.headers.get('content-type')?.startsWith('text/html')) return undefined;
  const html = await response.clone().text();
  return /<a class="action" href="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&');
}
