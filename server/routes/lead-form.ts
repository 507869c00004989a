/**
 * POST of the plain HTML form: the JSON route's validation and store, its key derived from the lead (a resend stores one).
 * A form without a spam token is answered with the form again and a fresh token: nothing is stored before the second press.
 */
import type { LeadContext } from '../env.js';
import { errorName } from '../errors.js';
import { hashOf } from '../lead-hash.js';
import { fromAllowedOrigin } from '../middleware/origin.js';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../respond.js';
import type { AcceptResult, Answer } from '../types.js';
import { serverFieldMessages } from '../../src/shared/form-check.js';
import { readBody } from './body.js';
import { formPage, leadBodyOf, readFormValues } from './form-page.js';
import { thanksPage } from './thanks-page.js';
import { pdfUrlFor, spent } from './steps.js';
import { validateLead } from './validate.js';

const FORM_UNREADABLE = 'The form could not be read. Please go back, check the fields and send it again.';
const SEND_AGAIN_SOON = 'Your details could not be saved just now. Please send the form again in a moment.';
const CONFIRM = 'Almost there: check your details and press the button to get the case study.';

export async function leadForm(c: LeadContext): Promise<Response> {
  const { services, deadline } = c.var;
  const { config } = services;
  const request = c.req.raw;
  if (!fromAllowedOrigin(c, [...config.formOrigins, ...config.corsOrigins, config.publicOrigin])) {
    config.logger.warn("form post refused: Origin not allowed (add the page's origin to formOrigins or corsOrigins)", {
      origin: request.headers.get('origin') ?? '(none)',
    });
    return formPage({ status: 403, notice: 'This page cannot send the form here. Please download the case study from the site it belongs to.' });
  }
  const body = await readBody(request, config.maxBodyBytes);
  if (!body.ok) return formPage({ status: body.reason === 'too_large' ? 413 : 400, notice: FORM_UNREADABLE });
  const values = readFormValues(body.text, request.headers.get('referer'));
  const again = async (page: Omit<Parameters<typeof formPage>[0], 'values' | 'token'>) => {
    const token = services.tokensRequired ? await services.issueToken(deadline, { typed: true }).catch(() => undefined) : undefined;
    return formPage({ ...page, values, token: token?.token });
  };
  const limited = await spent(c, 'lead');
  if (limited) {
    const retryAfter = String(limited === 'unavailable' ? UNAVAILABLE_RETRY_AFTER_SECONDS : limited.retryAfterSeconds);
    const notice = limited === 'unavailable' ? SEND_AGAIN_SOON : `Too many tries from this address: wait ${retryAfter} seconds, then send the form again.`;
    return again({ status: limited === 'unavailable' ? 503 : 429, notice, headers: { 'Retry-After': retryAfter } });
  }
  const lead = validateLead(leadBodyOf(values), { isAllowedFormUrl: config.destinationOf });
  if (!lead.ok) {
    const messages = serverFieldMessages(lead.fields);
    if (Object.keys(messages).length > 0) return again({ status: 400, notice: 'Check the fields marked below, then send the form again.', messages });
    config.logger.warn('form post refused: not a valid lead', { fields: Object.keys(lead.fields).join(', ') });
    return again({ status: 400, notice: 'This form is not set up to send leads here. Please tell the site’s owner.' });
  }
  const answer: Answer = { status: 200, body: { pdf_url: config.pdfUrlOf(lead.story) } };
  let result: AcceptResult;
  try {
    const { honeypot, renderedAt, token } = values;
    const verdict = await services.spamVerdict({ honeypot, renderedAt, token: token || undefined, route: 'form' }, deadline);
    if (verdict.reason === 'token missing') return await again({ status: 200, notice: CONFIRM });
    result = await services.accept({ ...lead, answer, key: `form:${hashOf(lead.formUrl, lead.data, lead.story)}`, verdict }, deadline, c.var.waitUntil);
  } catch (error) {
    config.logger.error('lead not stored', { error: errorName(error) });
    return again({ status: 503, notice: SEND_AGAIN_SOON, headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) } });
  }
  const given = result.outcome === 'replayed' ? result.answer : answer;
  return thanksPage(values, pdfUrlFor(given.body, request, config));
}
