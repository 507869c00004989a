/** POST with a JSON body: the element's request (and any API client's). */
import type { LeadContext } from '../env.js';
import { errorName } from '../errors.js';
import { fromAllowedOrigin } from '../middleware/origin.js';
import { errorResponse, json, tooManyRequests, unavailable } from '../respond.js';
import type { AcceptResult, Answer } from '../types.js';
import { isJsonContentType, readBody } from './body.js';
import { pdfUrlFor, spent } from './steps.js';
import { CHALLENGE_FIELD, isPlainObject, isValidIdempotencyKey, TOKEN_FIELD, validateLead } from './validate.js';

export async function leadJson(c: LeadContext): Promise<Response> {
  const { services, deadline } = c.var;
  const { config } = services;
  const request = c.req.raw;
  if (!fromAllowedOrigin(c, [...config.corsOrigins, config.publicOrigin])) {
    config.logger.warn('lead refused: Origin not in corsOrigins', { origin: c.req.header('origin') });
    return errorResponse(403, 'origin_not_allowed', 'This site may not send leads here: add its origin to CORS_ORIGINS (corsOrigins).');
  }
  const limited = await spent(c, 'lead');
  if (limited === 'unavailable') return unavailable();
  if (limited) return tooManyRequests(limited.retryAfterSeconds, `Too many requests; wait ${limited.retryAfterSeconds} s and send again.`);
  if (!isJsonContentType(request.headers.get('content-type')))
    return errorResponse(
      415,
      'unsupported_media_type',
      'Send the body as JSON with Content-Type: application/json (or a form as application/x-www-form-urlencoded).',
    );
  const key = request.headers.get('idempotency-key');
  if (key !== null && !isValidIdempotencyKey(key))
    return errorResponse(400, 'invalid_idempotency_key', 'Idempotency-Key must be 1 to 200 visible ASCII characters, such as a UUID.');
  const body = await readBody(request, config.maxBodyBytes);
  if (!body.ok && body.reason === 'too_large') return errorResponse(413, 'payload_too_large', `Keep the body under ${config.maxBodyBytes} bytes.`);
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
  if (isPlainObject(parsed)) ({ [TOKEN_FIELD]: token, [CHALLENGE_FIELD]: solution, ...parsed } = parsed);
  const lead = validateLead(parsed, { isAllowedFormUrl: config.destinationOf });
  if (!lead.ok) return errorResponse(400, 'invalid_lead', lead.message, { fields: lead.fields });

  // Remembered as configured; absolute URLs are made per request.
  const answer: Answer = { status: 200, body: { pdf_url: config.pdfUrlOf(lead.story) } };
  let result: AcceptResult;
  try {
    const verdict = await services.spamVerdict({ token, solution, route: 'json' }, deadline);
    // Namespaced: a JSON client cannot take a no-JS post's derived key and have its lead replayed away.
    result = await services.accept({ ...lead, answer, key: key === null ? null : `json:${key}`, verdict }, deadline, c.var.waitUntil);
  } catch (error) {
    config.logger.error('lead not stored', { error: errorName(error) });
    return unavailable();
  }
  if (result.outcome === 'key_reused')
    return errorResponse(422, 'idempotency_key_reused', 'This Idempotency-Key was already used with a different body. Send a new key for a new lead.');
  const given = result.outcome === 'replayed' ? result.answer : answer;
  return json(given.status, { ...(given.body as object), pdf_url: pdfUrlFor(given.body, request, config) });
}
