/** Steps the lead endpoint's routes share. */
import type { LeadConfig, LeadContext } from '../env.js';
import { errorName } from '../errors.js';

/** The client's allowance: undefined to go on, the wait when spent, `unavailable` when the limiter did not answer. */
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

/** An answer's `pdf_url` (as stored) resolved against `publicOrigin`, else this request's URL: nothing stored holds a forged `Host`. */
export function pdfUrlFor(body: unknown, request: Request, config: LeadConfig): string {
  const stored = (body as { pdf_url?: unknown } | null)?.pdf_url;
  return new URL(typeof stored === 'string' && stored !== '' ? stored : config.pdfUrl, config.publicOrigin ?? request.url).href;
}
