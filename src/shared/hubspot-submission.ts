/**
 * HubSpot's Forms API v3 submission of a lead, for the element's HubSpot mode (src/lib/hubspot.ts)
 * and the server's forwarding (server/crm/hubspot.ts) alike: the fields the lead field table maps to
 * HubSpot contact properties (`firstname`, `lastname`, `email`), and the page as `context.pageUri`,
 * from which HubSpot reads the UTM parameters for the contact's source.
 *
 * Plain data and pure functions only: no DOM, no Node built-ins.
 */
import { LEAD_FIELDS } from './lead-fields.js';

export interface HubspotContext {
  pageUri?: string | undefined;
  pageName?: string | undefined;
  /** The visitor's HubSpot tracking cookie (`hubspotutk`), when the page set one. */
  hutk?: string | undefined;
}

/** `data`: the lead as the contract names its fields (the payload's `data`); empty context values are left out. */
export function hubspotSubmission(data: Readonly<Record<string, string | undefined>>, context: HubspotContext, submittedAt: number): unknown {
  return {
    submittedAt: String(submittedAt),
    fields: LEAD_FIELDS.flatMap((field) => ('hubspot' in field ? [{ name: field.hubspot, value: data[field.name] ?? '' }] : [])),
    context: Object.fromEntries(Object.entries(context).filter(([, value]) => value)),
  };
}
