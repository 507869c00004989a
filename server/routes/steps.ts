/** Steps the lead endpoint's routes share. */
import type { LeadConfig, LeadContext } from '../env.js';
import { errorName } from '../errors.js';

/**
 * The client's allowance for `kind` (one key per client, middleware/client.ts): undefined to go on,
 * the wait when it is spent, or `unavailable` when the limiter did not answer in time.
 */
export async function spent(c: LeadContext, kind: 'lead' | 'event'): Promise<{ retryAfterSeconds: number } | 'unavailable' | undefined> {
  const { services, client, deadline } = c.var;
  try {
    const decision = await services.limit(kind, client, deadline);
    return decision && !decision.ok ? decision : undefined;
  } catch (error) {
    services.config.logger.error('rate limit unavailable', { error: errorName(error) });
    return 'unavailable';
  }
}

/**
 * The PDF's absolute URL for this request: a stored answer's `pdf_url` resolved against
 * `publicOrigin`, else this request's own URL. Nothing stored ever holds a URL made from a request,
 * so a forged `Host` sends only its own sender anywhere.
 */
export function pdfUrlFor(stored: unknown, request: Request, config: LeadConfig): string {
  const relative = typeof stored === 'string' && stored !== '' ? stored : config.pdfUrl;
  return new URL(relative, config.publicOrigin ?? request.url).href;
}

/** An answer body with its `pdf_url` made absolute for this request. */
export function pdfAnswer(body: unknown, request: Request, config: LeadConfig): unknown {
  const stored = typeof body === 'object' && body !== null ? (body as { pdf_url?: unknown }).pdf_url : undefined;
  return { ...(body as object), pdf_url: pdfUrlFor(stored, request, config) };
}
