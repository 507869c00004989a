/** Checks a parsed request body against the lead contract (spec section 7). */

export const DATA_FIELDS = [
  'First Name',
  'Last Name',
  'Work Email',
  'page_url',
  'referrer',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const;

export type DataField = (typeof DATA_FIELDS)[number];
export type LeadData = Record<DataField, string>;

const REQUIRED: readonly DataField[] = ['First Name', 'Last Name', 'Work Email'];
const TOP_LEVEL = ['url', 'data'];

/** One @, a non-empty local part, a dot inside the domain, no whitespace. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface ValidateOptions {
  maxFieldLength: number;
  isAllowedFormUrl: (url: string) => boolean;
}

export type Validation =
  | { ok: true; formUrl: string; data: LeadData }
  | { ok: false; message: string; fields: Record<string, string> };

export function validateLead(body: unknown, options: ValidateOptions): Validation {
  if (!isPlainObject(body)) {
    return { ok: false, message: 'Send a JSON object with "url" and "data".', fields: {} };
  }
  // A Map, then Object.fromEntries: a key such as "__proto__" stays a plain field name.
  const problems = new Map<string, string>();
  const text = (key: string, value: unknown): string => {
    if (typeof value !== 'string') {
      problems.set(key, 'must be a string');
      return '';
    }
    if (value.length > options.maxFieldLength) {
      problems.set(key, `longer than ${options.maxFieldLength} characters`);
    }
    return value.trim();
  };

  for (const key of Object.keys(body)) if (!TOP_LEVEL.includes(key)) problems.set(key, 'unknown field');

  const formUrl = Object.hasOwn(body, 'url') ? text('url', body.url) : '';
  if (formUrl !== '' && !problems.has('url') && !options.isAllowedFormUrl(formUrl)) {
    problems.set('url', 'not an allowed form endpoint');
  }

  const data = {} as LeadData;
  if (!Object.hasOwn(body, 'data')) {
    problems.set('data', 'required');
  } else if (!isPlainObject(body.data)) {
    problems.set('data', 'must be an object');
  } else {
    const given = body.data;
    for (const key of Object.keys(given)) {
      if (!(DATA_FIELDS as readonly string[]).includes(key)) problems.set(key, 'unknown field');
    }
    for (const key of DATA_FIELDS) {
      data[key] = Object.hasOwn(given, key) ? text(key, given[key]) : '';
      if (problems.has(key)) continue;
      if (REQUIRED.includes(key) && data[key] === '') problems.set(key, 'required');
      else if (key === 'Work Email' && !EMAIL.test(data[key])) problems.set(key, 'invalid email');
    }
  }

  if (problems.size === 0) return { ok: true, formUrl, data };
  const list = [...problems].map(([field, problem]) => `${field} (${problem})`).join(', ');
  return {
    ok: false,
    message: `Correct these fields and send again: ${list}.`,
    fields: Object.fromEntries(problems),
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
