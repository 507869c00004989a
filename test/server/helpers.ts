import { createLeadHandler } from '../../server/index.js';
import type { LeadHandlerOptions, LeadStore, Logger, StoredLead } from '../../server/index.js';

/** Parsed JSON of a response, typed loosely for assertions. */
export async function jsonOf(response: Response): Promise<any> {
  return response.json();
}

export const ENDPOINT = 'https://example.com/api/lead';

export function validData(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    'First Name': 'Ada',
    'Last Name': 'Lovelace',
    'Work Email': 'ada@example.com',
    page_url: 'https://example.com/stories/redcliffe',
    referrer: '',
    utm_source: '',
    utm_medium: '',
    utm_campaign: '',
    utm_term: '',
    utm_content: '',
    ...overrides,
  };
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

export function memoryStore(): LeadStore & { leads: StoredLead[] } {
  const leads: StoredLead[] = [];
  return {
    leads,
    async append(lead) {
      leads.push(lead);
    },
  };
}

export function captureLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const record = (level: string) => (message: string, meta?: Record<string, unknown>) => {
    lines.push(`${level} ${message} ${JSON.stringify(meta ?? {})}`);
  };
  return { lines, info: record('info'), warn: record('warn'), error: record('error') };
}

/** A handler with an in-memory store and a silent logger; override anything. */
export function setup(options: Partial<LeadHandlerOptions> = {}) {
  const store = memoryStore();
  const logger = captureLogger();
  const handler = createLeadHandler({ pdfUrl: '/one-pager.pdf', store, logger, rateLimit: false, ...options });
  return { handler, store, logger };
}
