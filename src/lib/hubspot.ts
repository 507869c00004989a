/**
 * Leads straight to HubSpot, for sites with no lead server: its Forms API v3 unauthenticated
 * submit endpoint, which browsers may call from any origin. Plain data and pure functions (the
 * request, reading the answer); download.ts sends it.
 */
import { LEAD_FIELDS } from '../shared/lead-fields.js';
import type { LeadPayload } from './payload.js';

/** HubSpot's submit endpoint; `{portalId}/{formGuid}` follow. */
export const HUBSPOT_SUBMIT_URL = 'https://api.hsforms.com/submissions/v3/integration/submit/';

export interface HubspotForm {
  portalId: string;
  formGuid: string;
}

/** The form named by `hubspot-portal` and `hubspot-form`, when both are set and well formed. */
export function hubspotForm(portal: string | undefined, form: string | undefined): HubspotForm | undefined {
  const portalId = portal?.trim() ?? '';
  const formGuid = form?.trim().toLowerCase() ?? '';
  if (!/^\d{1,12}$/.test(portalId) || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(formGuid)) return undefined;
  return { portalId, formGuid };
}

/** Why `hubspot-portal`/`hubspot-form` are not used, for the console; undefined when both are absent or fine. */
export function hubspotProblem(portal: string | undefined, form: string | undefined): string | undefined {
  if (!portal && !form) return undefined;
  if (hubspotForm(portal, form)) return undefined;
  return `hubspot-portal must be your HubSpot account ID (digits) and hubspot-form the form's GUID (like 0a1b2c3d-aaaa-bbbb-cccc-0123456789ab); got hubspot-portal="${portal ?? ''}" hubspot-form="${form ?? ''}". Leads go to the endpoint instead.`;
}

export const hubspotUrl = ({ portalId, formGuid }: HubspotForm): string => `${HUBSPOT_SUBMIT_URL}${portalId}/${formGuid}`;

/** The visitor's HubSpot tracking cookie (`hubspotutk`), when the page's HubSpot tracking code set one. */
export function hutkOf(cookie: string): string | undefined {
  const value = /(?:^|;\s*)hubspotutk=([^;]*)/.exec(cookie)?.[1];
  return value && /^[0-9a-f]{32}$/i.test(value) ? value : undefined;
}

/**
 * The v3 submission: the fields the lead field table maps to HubSpot contact properties
 * (`firstname`, `lastname`, `email`), and the page as `context.pageUri`: HubSpot reads its UTM
 * parameters from there for the contact's source.
 */
export function hubspotSubmission(payload: LeadPayload, page: { title: string; cookie: string }, now: number): unknown {
  const hutk = hutkOf(page.cookie);
  const pageUri = payload.data.page_url;
  return {
    submittedAt: String(now),
    fields: LEAD_FIELDS.flatMap((field) => ('hubspot' in field ? [{ name: field.hubspot, value: payload.data[field.name] }] : [])),
    context: { ...(pageUri ? { pageUri } : {}), ...(page.title ? { pageName: page.title } : {}), ...(hutk ? { hutk } : {}) },
  };
}

/** HubSpot's success answer: 200 with `inlineMessage` or `redirectUri`. */
export function isHubspotSuccess(answer: unknown): boolean {
  if (typeof answer !== 'object' || answer === null) return false;
  const record = answer as Record<string, unknown>;
  return typeof record.inlineMessage === 'string' || typeof record.redirectUri === 'string';
}

/**
 * A 400's `errors` as the fields to correct, by contract name (`{"Work Email": "invalid email"}`),
 * so the dialog says it beside the field: HubSpot names the field in its message (`fields.email`).
 */
export function hubspotFieldProblems(answer: unknown): Record<string, string> | undefined {
  const errors = typeof answer === 'object' && answer !== null ? (answer as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(errors)) return undefined;
  const problems: Record<string, string> = {};
  for (const error of errors) {
    const { message = '', errorType = '' } = (error ?? {}) as { message?: string; errorType?: string };
    const property = /fields\.([\w-]+)/.exec(String(message))?.[1];
    const field = LEAD_FIELDS.find((row) => 'hubspot' in row && row.hubspot === property);
    if (!field) continue;
    problems[field.name] = /EMAIL/.test(String(errorType)) ? 'invalid email' : /REQUIRED/.test(String(errorType)) ? 'required' : String(message);
  }
  return Object.keys(problems).length > 0 ? problems : undefined;
}
