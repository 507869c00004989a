/**
 * Leads straight to HubSpot, for sites with no lead server: its Forms API v3 unauthenticated
 * submit endpoint, which browsers may call from any origin. Plain data and pure functions (the
 * request, reading the answer); lead-download.ts sends it.
 */
import type { HubspotForm } from '../shared/hubspot-form.js';
import { LEAD_FIELDS } from '../shared/lead-fields.js';

import { hubspotForm } from '../shared/hubspot-form.js';
import { hubspotSubmission as buildSubmission, isSubscriptionTypeId } from '../shared/hubspot-submission.js';

export { hubspotForm };
import type { LeadPayload } from './payload.js';

/** HubSpot's submit endpoint; `{portalId}/{formGuid}` follow. */
const HUBSPOT_SUBMIT_URL = 'https://api.hsforms.com/submissions/v3/integration/submit/';

/** What the console says when HubSpot answers 404 or does not confirm a submission (here, not in the dialog's chunk: only HubSpot mode needs them). */
export const HUBSPOT_NO_FORM = 'Failed to submit form: 404 (HubSpot knows no such form: check the hubspot-portal and hubspot-form attributes)';
export const HUBSPOT_UNCONFIRMED = 'Failed to submit form: HubSpot did not confirm it';
/** Said in the console when `hubspot-portal`/`hubspot-form` are set but not both well formed. */

export const HUBSPOT_ATTRIBUTES_PROBLEM =
  "hubspot-portal must be your HubSpot account ID (digits) and hubspot-form the form's GUID; the lead went to the endpoint instead.";

export const hubspotUrl = ({ portalId, formGuid }: HubspotForm): string => `${HUBSPOT_SUBMIT_URL}${portalId}/${formGuid}`;

/**
 * The submit URL of the form the attributes name, or undefined after saying in the console why they
 * do not name one (the lead then goes to the endpoint). Here rather than in the dialog's chunk:
 * only pages in HubSpot mode load it.
 */
export function hubspotSubmitUrl(portal: string | undefined, form: string | undefined, log: (message: string) => void): string | undefined {
  const named = hubspotForm(portal, form);
  if (!named) log(HUBSPOT_ATTRIBUTES_PROBLEM);
  return named && hubspotUrl(named);
}

/** The visitor's HubSpot tracking cookie (`hubspotutk`), when the page's HubSpot tracking code set one. */
export function hutkOf(cookie: string): string | undefined {
  const value = /(?:^|;\s*)hubspotutk=([^;]*)/.exec(cookie)?.[1];
  return value && /^[0-9a-f]{32}$/i.test(value) ? value : undefined;
}

/** The v3 submission (src/shared/hubspot-submission.ts), with the page's title, the visitor's HubSpot cookie and the consent's subscription type. */
export function hubspotSubmission(payload: LeadPayload, page: { title?: string; cookie?: string }, now: number, subscriptionType?: string): unknown {
  if (subscriptionType && !isSubscriptionTypeId(subscriptionType))
    console.error('<redcliffe-case-study>: hubspot-subscription-type must be the subscription type id, digits; the consent box was sent without it.');
  return buildSubmission(payload.data, { pageUri: payload.data.page_url, pageName: page.title, hutk: hutkOf(page.cookie ?? '') }, now, subscriptionType);
}

/** HubSpot's success answer (200 with `inlineMessage` or `redirectUri`), for lead-download.ts: this chunk loads only in HubSpot mode. */
export { isHubspotSuccess } from '../shared/hubspot-success.js';

/**
 * A 400's `errors` as the fields to correct, by contract name (`{"Work Email": "invalid email"}`),
 * so the dialog says it beside the field: HubSpot names the field in its message (`fields.email`).
 */
export function hubspotFieldProblems(answer: unknown): Record<string, string> | undefined {
  const problems: Record<string, string> = {};
  for (const { message = '', errorType = '' } of (answer as { errors?: { message?: string; errorType?: string }[] } | null)?.errors ?? []) {
    const field = LEAD_FIELDS.find((row) => 'hubspot' in row && message.includes(`fields.${row.hubspot}`));
    if (field) problems[field.name] = errorType.includes('EMAIL') ? 'invalid email' : errorType.includes('REQUIRED') ? 'required' : message;
  }
  return Object.keys(problems).length > 0 ? problems : undefined;
}

/** HubSpot's `errorType`s in an error answer, for the console: ` (HubSpot: MISSING_PROCESSING_CONSENT)`, or "". */
export function hubspotErrorTypes(answer: unknown): string {
  const types = ((answer as { errors?: { errorType?: unknown }[] } | null)?.errors ?? [])
    .map((error) => error.errorType)
    .filter((type) => typeof type === 'string');
  return types.length > 0 ? ` (HubSpot: ${types.join(', ')})` : '';
}
