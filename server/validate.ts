/** Checks a parsed request body against the lead contract (src/lib/lead-contract.ts, spec section 7). */
import {
  DATA_FIELDS,
  EMAIL_PATTERN,
  FIELD_PROBLEMS,
  MAX_FIELD_LENGTH,
  REQUIRED_DATA_FIELDS,
  TOP_LEVEL_FIELDS,
} from '../src/lib/lead-contract.js';
import type { LeadData } from './types.js';

export interface ValidateOptions {
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
      problems.set(key, FIELD_PROBLEMS.notString);
      return '';
    }
    const trimmed = value.trim();
    if (trimmed.length > MAX_FIELD_LENGTH) problems.set(key, FIELD_PROBLEMS.tooLong);
    return trimmed;
  };

  for (const key of Object.keys(body)) {
    if (!(TOP_LEVEL_FIELDS as readonly string[]).includes(key)) problems.set(key, FIELD_PROBLEMS.unknown);
  }

  const formUrl = Object.hasOwn(body, 'url') ? text('url', body.url) : '';
  if (formUrl !== '' && !problems.has('url') && !options.isAllowedFormUrl(formUrl)) {
    problems.set('url', 'not an allowed form endpoint');
  }

  const data = {} as LeadData;
  if (!Object.hasOwn(body, 'data')) {
    problems.set('data', FIELD_PROBLEMS.required);
  } else if (!isPlainObject(body.data)) {
    problems.set('data', 'must be an object');
  } else {
    const given = body.data;
    for (const key of Object.keys(given)) {
      if (!(DATA_FIELDS as readonly string[]).includes(key)) problems.set(key, FIELD_PROBLEMS.unknown);
    }
    for (const key of DATA_FIELDS) {
      data[key] = Object.hasOwn(given, key) ? text(key, given[key]) : '';
      if (problems.has(key)) continue;
      if (REQUIRED_DATA_FIELDS.includes(key) && data[key] === '') problems.set(key, FIELD_PROBLEMS.required);
      else if (key === 'Work Email' && !EMAIL_PATTERN.test(data[key])) problems.set(key, FIELD_PROBLEMS.invalidEmail);
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
