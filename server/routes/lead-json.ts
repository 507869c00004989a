/** POST with a JSON body: the element's request (and any API client's). */
import type { Context } from 'hono';
import { isJsonContentType, readBody } from '../body.js';
import { errorName } from '../delivery.js';
import type { LeadConfig } from '../config.js';
import type { Deadline, LeadService } from '../lead-service.js';
import { errorResponse, json, unavailable } from '../respond.js';
import type { AcceptResult, Answer, HandlerContext } from '../types.js';
import { validateLead } from '../validate.js';
import { TOKEN_FIELD } from '../bot-token.js';
import { CHALLENGE_FIELD, challengeVerdict } from '../spam-challenge.js';
import { pdfAnswer, rateLimited, tokenVerdict } from './lead-route-steps.js';

/** Keys the client may send: 1 to 200 visible ASCII characters (a UUID fits). */
export function isValidIdempotencyKey(key: string): boolean {
  return /^[\x21-\x7e]{1,200}$/.test(key);
}

/** @internal A route on Hono (bundled into the server): its types are not published. */
export async function leadJson(c: Context, service: LeadService, config: LeadConfig, context: HandlerContext, deadline: Deadline): Promise<Response> {
  const request = c.req.raw;
  const limited = await rateLimited(service, context, deadline, config);
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
  const body = await readBody(request, config.maxBodyBytes);
  if (!body.ok && body.reason === 'too_large') {
    return errorResponse(413, 'payload_too_large', `Keep the body under ${config.maxBodyBytes} bytes.`);
  }
  let parsed: unknown;
  try {
    if (!body.ok) throw new SyntaxError('unreadable body');
    parsed = JSON.parse(body.text);
  } catch {
    return errorResponse(400, 'invalid_json', 'Send a body that is valid UTF-8 JSON.');
  }
  // The spam token rides beside `url` and `data`; it is not part of the lead (nor of its key's hash).
  let token: unknown;
  let solution: unknown;
  if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
    ({ [TOKEN_FIELD]: token, [CHALLENGE_FIELD]: solution, ...parsed } = parsed as Record<string, unknown>);
  }
  const lead = validateLead(parsed, { isAllowedFormUrl: config.isAllowedFormUrl });
  if (!lead.ok) return errorResponse(400, 'invalid_lead', lead.message, { fields: lead.fields });

  // The answer is remembered as configured; absolute URLs are made per request, never stored.
  const answer: Answer = { status: 200, body: { pdf_url: config.pdfUrl } };
  let result: AcceptResult;
  try {
    // A lead that fails the check is answered as any lead (a script learns nothing), stored marked, never forwarded.
    const { spam, tokenNonce } = await challengeVerdict(service.spamChallenge(), deadline, await tokenVerdict(service, deadline, token), solution);
    // Namespaced by route: a JSON client cannot take a no-JS post's derived key (`form:<hash>`)
    // and have that visitor's lead replayed away.
    result = await service.accept(
      { formUrl: lead.formUrl, data: lead.data, answer, key: key === null ? null : `json:${key}`, spam, tokenNonce },
      context,
      deadline,
    );
  } catch (error) {
    config.logger.error('lead not stored', { error: errorName(error) });
    return unavailable();
  }
  if (result.outcome === 'key_reused') {
    return errorResponse(422, 'idempotency_key_reused', 'This Idempotency-Key was already used with a different body. Send a new key for a new lead.');
  }
  const given = result.outcome === 'replayed' ? result.answer : answer;
  return json(given.status, pdfAnswer(given.body, request, config));
}
