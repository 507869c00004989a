/**
 * HubSpot's Forms API v3 submission of a lead, for the element's HubSpot mode (src/lib/hubspot.ts)
 * and the server's forwarding (server/crm/hubspot.ts) alike: the fields the lead field table maps to
 * HubSpot contact properties (`firstname`, `lastname`, `email`), the page as `context.pageUri`,
 * from which HubSpot reads the UTM parameters for the contact's source, and what the visitor was
 * shown and agreed to as `legalConsentOptions`: a form with GDPR options on refuses a submission
 * without it (MISSING_PROCESSING_CONSENT).
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

/** A subscription type id (`hubspot-subscription-type`, `HUBSPOT_SUBSCRIPTION_TYPE_ID`): digits. */
export const isSubscriptionTypeId = (value: string): boolean => /^\d{1,12}$/.test(value);

/**
 * `consentToProcess` with the privacy line the form showed as its text (only when it showed one:
 * nothing is claimed that the visitor did not read), and the consent box as one communication of
 * the subscription type, ticked or not, with its words.
 */
function legalConsent(data: Readonly<Record<string, string | undefined>>, subscriptionTypeId: string | undefined) {
  if (!data.privacy_text) return undefined;
  const subscribed = data.consent_text && subscriptionTypeId && isSubscriptionTypeId(subscriptionTypeId);
  const box = subscribed ? [{ value: data.consent === 'yes', subscriptionTypeId: Number(subscriptionTypeId), text: data.consent_text }] : [];
  return { consent: { consentToProcess: true, text: data.privacy_text, communications: box } };
}

/** `data`: the lead as the contract names its fields (the payload's `data`); empty context values are left out. */
export function hubspotSubmission(
  data: Readonly<Record<string, string | undefined>>,
  context: HubspotContext,
  submittedAt: number,
  subscriptionTypeId?: string,
): unknown {
  const legalConsentOptions = legalConsent(data, subscriptionTypeId);
  return {
    submittedAt: String(submittedAt),
    fields: LEAD_FIELDS.flatMap((field) => ('hubspot' in field ? [{ name: field.hubspot, value: data[field.name] ?? '' }] : [])),
    context: Object.fromEntries(Object.entries(context).filter(([, value]) => value)),
    ...(legalConsentOptions ? { legalConsentOptions } : {}),
  };
}
