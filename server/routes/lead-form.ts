/**
 * POST of the plain HTML form (no JavaScript): the same validation, store and idempotency as JSON.
 * The key is derived from the lead itself, so a double submit or a resend stores one lead. Success
 * answers 303 to the PDF; anything else an HTML page with the form, what was typed and what to fix.
 */
import type { Context } from 'hono';
import { readBody } from '../body.js';
import type { LeadConfig } from '../config.js';
import { errorName } from '../delivery.js';
import { FORM_UNREADABLE, formPage, isAllowedFormOrigin, leadBodyOf, readFormValues, seeOther } from '../form-post.js';
import { hashOf, type Deadline, type LeadService } from '../lead-service.js';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../respond.js';
import type { AcceptResult, Answer, HandlerContext } from '../types.js';
import { validateLead } from '../validate.js';
import { serverFieldMessages } from '../../src/shared/form-check.js';
import { looksAutomated } from '../../src/shared/bot-traps.js';
import { pdfUrlFor, rateLimited, tokenVerdict } from './lead-route-steps.js';

/** What the form page says when the store or the rate limit is unavailable (503). */
const SEND_AGAIN_SOON = 'Your details could not be saved just now. Please send the form again in a moment.';

/** @internal A route on Hono (bundled into the server): its types are not published. */
export async function leadForm(c: Context, service: LeadService, config: LeadConfig, context: HandlerContext, deadline: Deadline): Promise<Response> {
  const request = c.req.raw;
  const { logger } = config;
  if (!isAllowedFormOrigin(request, config.formOrigins)) {
    logger.warn("form post refused: Origin not allowed (add the page's origin to formOrigins or corsOrigins)", {
      origin: request.headers.get('origin') ?? '(none)',
    });
    return formPage({ status: 403, notice: 'This page cannot send the form here. Please download the case study from the site it belongs to.' });
  }
  const body = await readBody(request, config.maxBodyBytes);
  if (!body.ok) {
    return formPage({
      status: body.reason === 'too_large' ? 413 : 400,
      notice: FORM_UNREADABLE,
    });
  }
  const values = readFormValues(body.text, request.headers.get('referer'));
  // A page that lets the visitor send again carries a fresh token (its age starts now).
  const checking = service.botCheck();
  const fresh = async () => (checking ? { token: (await checking.catch(() => undefined))?.issue() } : {});
  const limited = await rateLimited(service, context, deadline, config);
  if (limited) {
    const retryAfter = limited.headers.get('Retry-After') ?? String(UNAVAILABLE_RETRY_AFTER_SECONDS);
    return formPage({
      status: limited.status === 429 ? 429 : 503,
      notice: limited.status === 429 ? `Too many tries from this address: wait ${retryAfter} seconds, then send the form again.` : SEND_AGAIN_SOON,
      values,
      ...(await fresh()),
      headers: { 'Retry-After': retryAfter },
    });
  }
  const lead = validateLead(leadBodyOf(values), { isAllowedFormUrl: config.isAllowedFormUrl });
  if (!lead.ok) {
    const messages = serverFieldMessages(lead.fields);
    if (Object.keys(messages).length === 0) {
      logger.warn('form post refused: not a valid lead', { fields: Object.keys(lead.fields).join(', ') });
      return formPage({ status: 400, notice: 'This form is not set up to send leads here. Please tell the site’s owner.', values, ...(await fresh()) });
    }
    return formPage({ status: 400, notice: 'Check the fields marked below, then send the form again.', values, messages, ...(await fresh()) });
  }
  // Remembered as configured: the 303's absolute URL is made for this request only.
  const answer: Answer = { status: 200, body: { pdf_url: config.pdfUrl } };
  let result: AcceptResult;
  try {
    const key = `form:${hashOf(lead.formUrl, lead.data)}`;
    // Suspected spam gets the answer a person gets (nothing to learn from), stored marked, never forwarded.
    const verdict = await tokenVerdict(service, deadline, values.token);
    // A form in static HTML (a pasted snippet, a page rendered once) cannot carry a fresh token: without
    // one the honeypot and the fill time judge it, as before tokens; a forged, hurried, stale or replayed
    // token is spam.
    const spam = (values.token ? verdict.spam : false) || looksAutomated(values.honeypot, values.renderedAt, Date.now());
    result = await service.accept({ formUrl: lead.formUrl, data: lead.data, answer, key, spam, tokenNonce: verdict.tokenNonce }, context, deadline);
  } catch (error) {
    logger.error('lead not stored', { error: errorName(error) });
    return formPage({ status: 503, notice: SEND_AGAIN_SOON, values, ...(await fresh()), headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) } });
  }
  const given = result.outcome === 'replayed' ? result.answer : answer;
  return seeOther(pdfUrlFor((given.body as { pdf_url?: unknown }).pdf_url, request, config));
}
