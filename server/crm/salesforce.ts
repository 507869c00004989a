/**
 * Salesforce Web-to-Lead: the lead as a form post to the org's servlet. It answers 200 whether or
 * not it keeps the lead (a wrong org ID, a value too long, a validation rule: dropped without a
 * word), so what would be dropped is refused here, before sending, and /admin says "sent", never
 * "confirmed". It takes 500 leads a day (SALESFORCE_DAILY_LIMIT): the rest wait in the outbox.
 */
import { valueOfColumn, type CrmAdapter, type CrmSettings } from './adapter.js';

const ORG_ID = /^00D[A-Za-z0-9]{12}([A-Za-z0-9]{3})?$/;
/** Salesforce's Lead field lengths: a longer name is cut to fit, a longer email cannot be. */
const FIRST_NAME_LENGTH = 40;
const LAST_NAME_LENGTH = 80;
const EMAIL_LENGTH = 80;

const orgOf = (url: URL, settings: CrmSettings) => url.searchParams.get('oid') || settings.salesforce?.oid || '';

export const salesforce: CrmAdapter = {
  check(url, settings) {
    const org = orgOf(url, settings);
    if (!org) return 'Web-to-Lead needs your org ID: add &oid=00D… to the address, or set SALESFORCE_OID';
    if (!ORG_ID.test(org)) return `"${org}" is not a Salesforce org ID (00D and 12 or 15 letters and digits): Web-to-Lead would drop every lead`;
    return undefined;
  },
  async request(lead, url, settings) {
    if (lead.email.length > EMAIL_LENGTH)
      return { delivered: false, reason: `salesforce: the email is longer than the ${EMAIL_LENGTH} characters a Salesforce lead keeps`, permanent: true };
    const form = new URLSearchParams();
    if (!url.searchParams.has('oid')) form.set('oid', orgOf(url, settings));
    form.set('first_name', lead.firstName.slice(0, FIRST_NAME_LENGTH));
    form.set('last_name', lead.lastName.slice(0, LAST_NAME_LENGTH));
    form.set('email', lead.email);
    form.set('lead_source', settings.salesforce?.leadSource || lead.story);
    for (const [column, field] of Object.entries(settings.salesforce?.fields ?? {})) form.set(field, valueOfColumn(lead, column));
    return { form };
  },
  // A redirect is the servlet sending the visitor on (retURL): the lead was taken as well as it ever is.
  read: (status) => (status >= 200 && status < 400 ? { delivered: true, httpStatus: status } : undefined),
  // Salesforce counts Web-to-Lead's 500 a day per org, whatever address a lead was posted to.
  limits: { perDay: (settings) => settings.salesforce?.dailyLimit ?? 500, account: (url, settings) => orgOf(url, settings) },
};
