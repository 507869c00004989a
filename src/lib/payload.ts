/** The lead the download form sends (spec section 7), built from plain values: no DOM needed. */
import { UTM_FIELDS, VISITOR_FIELDS, type DataField } from './lead-contract.js';

export interface LeadFields {
  firstName: string;
  lastName: string;
  email: string;
}

/** Where the visitor is: `location.href`, `location.search`, `document.referrer`, `document.baseURI`. */
export interface PageContext {
  href: string;
  search: string;
  referrer: string;
  /** What a relative endpoint resolves against (the document's base URL); `href` when absent. */
  base?: string;
}

export interface LeadPayload {
  url: string;
  /** Every key of the lead contract's `data` (src/lib/lead-contract.ts). */
  data: Record<DataField, string>;
}

export const EMPTY_FIELDS: LeadFields = { firstName: '', lastName: '', email: '' };

export function trimFields(fields: LeadFields): LeadFields {
  return { firstName: fields.firstName.trim(), lastName: fields.lastName.trim(), email: fields.email.trim() };
}

/** Every field has something other than white space (the submit button is enabled). */
export function isComplete(fields: LeadFields): boolean {
  const trimmed = trimFields(fields);
  return trimmed.firstName !== '' && trimmed.lastName !== '' && trimmed.email !== '';
}

export function currentPage(): PageContext {
  return { href: location.href, search: location.search, referrer: document.referrer, base: document.baseURI };
}

/** The JSON body: values trimmed, UTM parameters from the query string, absent ones as "". */
export function buildPayload(fields: LeadFields, formUrl: string, page: PageContext): LeadPayload {
  const { firstName, lastName, email } = trimFields(fields);
  const query = new URLSearchParams(page.search);
  const utm = Object.fromEntries(UTM_FIELDS.map((key) => [key, query.get(key) ?? ''])) as Record<
    (typeof UTM_FIELDS)[number],
    string
  >;
  return {
    url: formUrl,
    data: {
      [VISITOR_FIELDS.firstName]: firstName,
      [VISITOR_FIELDS.lastName]: lastName,
      [VISITOR_FIELDS.email]: email,
      page_url: page.href,
      referrer: page.referrer,
      ...utm,
    },
  };
}
