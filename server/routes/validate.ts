/** Checks a parsed request body against the lead field table (src/shared/lead-fields.ts). */
import { FIELD_PROBLEMS, fieldProblem, keptValue } from '../../src/shared/field-checks.js';
import { LEAD_FIELDS, MAX_FIELD_LENGTH } from '../../src/shared/lead-fields.js';
import { DEFAULT_STORY_ID, isStoryId } from '../../src/shared/story-id.js';
import type { LeadData } from '../types.js';

const TOP_LEVEL_FIELDS = ['url', 'data', 'story'];
/** Beside them: the spam token (also the no-JS form's field) and the proof of work. */
export const TOKEN_FIELD = 'lead_token';
export const CHALLENGE_FIELD = 'altcha';
const FIELD_NAMES = new Set<string>(LEAD_FIELDS.map((field) => field.name));
const SHAPE_PROBLEMS = { notString: 'must be a string', unknown: 'unknown field' } as const;
/** Control characters: a NUL can't be stored by PostgreSQL and none belongs in a URL. */
const CONTROL = /\p{Cc}/u;

export const isValidIdempotencyKey = (key: string): boolean => /^[\x21-\x7e]{1,200}$/.test(key);

export type Validation = { ok: true; formUrl: string; data: LeadData; story: string } | { ok: false; message: string; fields: Record<string, string> };

export function validateLead(body: unknown, options: { isAllowedFormUrl: (url: string) => unknown }): Validation {
  if (!isPlainObject(body)) return { ok: false, message: 'Send a JSON object with "url" and "data".', fields: {} };
  // A Map, then Object.fromEntries: a key such as "__proto__" stays a plain field name.
  const problems = new Map<string, string>();
  for (const key of Object.keys(body)) if (!TOP_LEVEL_FIELDS.includes(key)) problems.set(key, SHAPE_PROBLEMS.unknown);

  let formUrl = '';
  if (Object.hasOwn(body, 'url')) {
    if (typeof body.url !== 'string') problems.set('url', SHAPE_PROBLEMS.notString);
    else {
      formUrl = body.url.trim();
      if (formUrl.length > MAX_FIELD_LENGTH) problems.set('url', FIELD_PROBLEMS.tooLong);
      else if (CONTROL.test(formUrl)) problems.set('url', FIELD_PROBLEMS.invalidCharacters);
      else if (formUrl !== '' && !options.isAllowedFormUrl(formUrl)) problems.set('url', 'not an allowed form endpoint');
    }
  }

  let story = DEFAULT_STORY_ID;
  if (Object.hasOwn(body, 'story')) {
    if (typeof body.story !== 'string') problems.set('story', SHAPE_PROBLEMS.notString);
    else if (!isStoryId(body.story)) problems.set('story', 'must be a story id (lower-case letters, digits and hyphens)');
    else story = body.story;
  }

  const data = {} as Record<string, string>;
  if (!Object.hasOwn(body, 'data')) {
    problems.set('data', FIELD_PROBLEMS.required);
  } else if (!isPlainObject(body.data)) {
    problems.set('data', 'must be an object');
  } else {
    const given = body.data;
    for (const key of Object.keys(given)) if (!FIELD_NAMES.has(key)) problems.set(key, SHAPE_PROBLEMS.unknown);
    for (const field of LEAD_FIELDS) {
      const value = Object.hasOwn(given, field.name) ? given[field.name] : '';
      data[field.name] = typeof value === 'string' ? keptValue(field, value) : '';
      const problem = typeof value === 'string' ? fieldProblem(field, value) : SHAPE_PROBLEMS.notString;
      if (problem) problems.set(field.name, problem);
    }
  }

  if (problems.size === 0) return { ok: true, formUrl, data: data as LeadData, story };
  const list = [...problems].map(([field, problem]) => `${field} (${problem})`).join(', ');
  return {
    ok: false,
    message: `Correct these fields and send again: ${list}.`,
    fields: Object.fromEntries(problems),
  };
}

export const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
