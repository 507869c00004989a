/** Steps both lead routes take. */
import type { LeadConfig } from '../config.js';
import { errorName } from '../delivery.js';
import type { Deadline, LeadService } from '../lead-service.js';
import { errorResponse, unavailable } from '../respond.js';
import type { HandlerContext } from '../types.js';

/** A 429 (or a 503 when the limiter can't answer in time), or undefined to go on. */
export async function rateLimited(service: LeadService, context: HandlerContext, deadline: Deadline, config: LeadConfig): Promise<Response | undefined> {
  let decision;
  try {
    decision = await service.rateLimit(context, deadline);
  } catch (error) {
    config.logger.error('rate limit unavailable', { error: errorName(error) });
    return unavailable();
  }
  if (!decision || decision.ok) return undefined;
  return errorResponse(429, 'rate_limited', `Too many requests; wait ${decision.retryAfterSeconds} s and send again.`, {
    headers: { 'Retry-After': String(decision.retryAfterSeconds) },
  });
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

/**
 * The spam-token verdict for a lead (bot-token.ts): `spam` when the check is on and the token is
 * missing, forged, too fast, too old; the nonce to write with the lead when it is good. A replay
 * is found by the store, in the lead's transaction. Rejects when the secret cannot be read.
 */
export async function tokenVerdict(
  service: LeadService,
  deadline: Deadline,
  token: unknown,
): Promise<{ spam: boolean; reason?: string; tokenNonce?: string | undefined }> {
  const checking = service.botCheck();
  if (!checking) return { spam: false };
  const check = (await deadline.bound(checking, 'reading the spam-token secret')).verify(typeof token === 'string' ? token : undefined);
  return check.ok ? { spam: false, tokenNonce: check.nonce } : { spam: true, reason: `token ${check.reason}` };
}
