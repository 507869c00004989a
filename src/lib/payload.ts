/** The lead the download form sends, built from plain values: no DOM needed. */
import {
  LEAD_FIELDS,
  VISITOR_FIELDS,
  type Consent,
  type DataField,
  type LeadField,
  type LeadKey,
  type LeadValues,
  type VisitorField,
} from '../shared/lead-fields.js';
import { toData } from '../shared/lead-data.js';

/** What the visitor typed, by field. */
export type LeadFields = Record<VisitorField, string>;

/** Where the visitor is: `location.href`, `location.search`, `document.referrer`, `document.baseURI`. */
export interface PageContext {
  href: string;
  search: string;
  referrer: string;
  /** What a relative endpoint resolves against (the document's base URL); `href` when absent. */
  base?: string;
  /** `document.title` and `document.cookie`: HubSpot's page name and tracking cookie (hubspot.ts), Marketo's `_mkto_trk`. */
  title?: string;
  cookie?: string;
}

export interface LeadPayload {
  url: string;
  /** The lead field table's fields, by contract name (src/shared/lead-fields.ts): a cookie or consent only when there is one. */
  data: Partial<Record<DataField, string>>;
  /** The id of the story the lead came from (src/shared/story-id.ts). */
  story?: string;
}

export function trimFields(fields: LeadFields): LeadFields {
  return Object.fromEntries(VISITOR_FIELDS.map((field) => [field, fields[field].trim()])) as LeadFields;
}

/** Marketo's visitor cookie (`id:123-ABC-456&token:_mch-…`), when the page's Munchkin script set one. */
function marketoCookieOf(cookie: string | undefined): string {
  const value = /(?:^|;\s*)_mkto_trk=([^;]*)/.exec(cookie ?? '')?.[1] ?? '';
  return /^id:[\w-]+&token:[\w.-]+$/.test(value) ? value : '';
}

/** The JSON body: typed values trimmed, the page's fields from where the table says (`consent`: what the form showed), absent ones as "". */
export function buildPayload(fields: LeadFields, formUrl: string, page: PageContext, story?: string, consent?: Partial<Consent>): LeadPayload {
  const typed: Partial<Record<string, string>> = trimFields(fields);
  const query = new URLSearchParams(page.search);
  const valueOf = (field: (typeof LEAD_FIELDS)[number]): string => {
    if ('input' in field) return typed[field.key] ?? '';
    if (field.from === 'href') return page.href;
    if (field.from === 'referrer') return page.referrer;
    if (field.from === 'cookie') return marketoCookieOf(page.cookie);
    if (field.from === 'consent') return consent?.[field.key] ?? '';
    return query.get(field.name) ?? '';
  };
  const values = Object.fromEntries(LEAD_FIELDS.map((field) => [field.key, valueOf(field)])) as LeadValues;
  const data: Partial<Record<DataField, string>> = toData(values);
  // A cookie or a consent is sent only when there is one: without a consent box or Marketo, the payload is the spec's.
  for (const field of LEAD_FIELDS as readonly LeadField[])
    if ((field.from === 'cookie' || field.from === 'consent') && !values[field.key as LeadKey]) delete data[field.name as DataField];
  return { url: formUrl, data, ...(story ? { story } : {}) };
}
