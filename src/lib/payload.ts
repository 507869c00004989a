/** The lead the download form sends (spec section 7), built from plain values: no DOM needed. */

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
  data: {
    'First Name': string;
    'Last Name': string;
    'Work Email': string;
    page_url: string;
    referrer: string;
    utm_source: string;
    utm_medium: string;
    utm_campaign: string;
    utm_term: string;
    utm_content: string;
  };
}

export const EMPTY_FIELDS: LeadFields = { firstName: '', lastName: '', email: '' };

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

export function trimFields(fields: LeadFields): LeadFields {
  return { firstName: fields.firstName.trim(), lastName: fields.lastName.trim(), email: fields.email.trim() };
}

/** Every field has something other than white space (the submit button is enabled). */
export function isComplete(fields: LeadFields): boolean {
  const trimmed = trimFields(fields);
  return trimmed.firstName !== '' && trimmed.lastName !== '' && trimmed.email !== '';
}

/** The spec's only email rule: it contains an at sign (otherwise submitting silently does nothing). */
export function hasAtSign(email: string): boolean {
  return email.includes('@');
}

export function currentPage(): PageContext {
  return { href: location.href, search: location.search, referrer: document.referrer, base: document.baseURI };
}

/** The JSON body: values trimmed, UTM parameters from the query string, absent ones as "". */
export function buildPayload(fields: LeadFields, formUrl: string, page: PageContext): LeadPayload {
  const { firstName, lastName, email } = trimFields(fields);
  const query = new URLSearchParams(page.search);
  const utm = Object.fromEntries(UTM_KEYS.map((key) => [key, query.get(key) ?? ''])) as Record<
    (typeof UTM_KEYS)[number],
    string
  >;
  return {
    url: formUrl,
    data: {
      'First Name': firstName,
      'Last Name': lastName,
      'Work Email': email,
      page_url: page.href,
      referrer: page.referrer,
      ...utm,
    },
  };
}
