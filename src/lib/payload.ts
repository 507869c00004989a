/** The lead the download form sends, built from plain values: no DOM needed. */
import { LEAD_FIELDS, toData, VISITOR_FIELDS, type DataField, type LeadValues, type VisitorField } from '../shared/lead-fields.js';

/** What the visitor typed, by field. */
export type LeadFields = Record<VisitorField, string>;

/** Where the visitor is: `location.href`, `location.search`, `document.referrer`, `document.baseURI`. */
export interface PageContext {
  href: string;
  search: string;
  referrer: string;
  /** What a relative endpoint resolves against (the document's base URL); `href` when absent. */
  base?: string;
  /** `document.title` and `document.cookie`: HubSpot's page name and tracking cookie (hubspot.ts). */
  title?: string;
  cookie?: string;
}

export interface LeadPayload {
  url: string;
  /** Every field of the lead field table, by contract name (src/shared/lead-fields.ts). */
  data: Record<DataField, string>;
  /** The id of the story the lead came from (src/shared/story-id.ts). */
  story?: string;
}

export function trimFields(fields: LeadFields): LeadFields {
  return Object.fromEntries(VISITOR_FIELDS.map((field) => [field, fields[field].trim()])) as LeadFields;
}

/** The JSON body: typed values trimmed, the page's fields from where the table says, absent ones as "". */
export function buildPayload(fields: LeadFields, formUrl: string, page: PageContext, story?: string): LeadPayload {
  const typed: Partial<Record<string, string>> = trimFields(fields);
  const query = new URLSearchParams(page.search);
  const valueOf = (field: (typeof LEAD_FIELDS)[number]): string => {
    if ('input' in field) return typed[field.key] ?? '';
    if (field.from === 'href') return page.href;
    if (field.from === 'referrer') return page.referrer;
    return query.get(field.name) ?? '';
  };
  const values = Object.fromEntries(LEAD_FIELDS.map((field) => [field.key, valueOf(field)])) as LeadValues;
  return { url: formUrl, data: toData(values), ...(story ? { story } : {}) };
}
