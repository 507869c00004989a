/**
 * The checks a lead's values must pass, named by the field table's `check` (lead-fields.ts): the
 * element applies them before sending and the server before storing. Kept apart from the table so
 * the element's first load carries the table (the form without JavaScript needs it) and not these.
 */
import { fieldMessages } from './content/field-messages.js';
import { httpUrl } from './http-url.js';
import { CONSENT_TEXT_LENGTH, MAX_FIELD_LENGTH, type LeadField, type VisitorField } from './lead-fields.js';

/** Problems a value can have, as the server names them in a 400's `fields` map (its shape problems: server/validate.ts). */
export const FIELD_PROBLEMS = {
  required: 'required',
  tooLong: `longer than ${MAX_FIELD_LENGTH} characters`,
  invalidEmail: 'invalid email',
  invalidCharacters: 'invalid characters',
  notYesOrNo: 'must be yes or no',
} as const;

/**
 * The HTML standard's "valid e-mail address" (the grammar browsers apply to `type=email`), plus a
 * dot in the domain: a work address is on a real domain, never a bare host name.
 */
const EMAIL_GRAMMAR = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
/** Control characters (C0, DEL, C1): NUL and friends never belong in a lead. */
const CONTROL = /\p{Cc}/u;
/**
 * Characters that draw nothing: format characters (zero-width joiners and spaces, bidirectional
 * overrides and isolates), and those Unicode calls letters or symbols though they show nothing:
 * the Hangul fillers (U+115F, U+1160, U+3164, U+FFA0), variation selectors, the rest of
 * Default_Ignorable_Code_Point, and the blank Braille pattern U+2800. A name made of them looks
 * empty in every list and CRM, so none is accepted in a name.
 */
const INVISIBLE = /[\p{Cf}\p{DI}\u2800]/u;
/** Something a reader sees: a letter, digit, punctuation or symbol. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/** The problem with one field's value, or undefined if the server accepts it. Trims first, as the payload does. */
export function fieldProblem(field: LeadField, value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return field.required ? FIELD_PROBLEMS.required : undefined;
  const longest = field.check === 'words' ? CONSENT_TEXT_LENGTH : MAX_FIELD_LENGTH;
  if (trimmed.length > longest) return longest === MAX_FIELD_LENGTH ? FIELD_PROBLEMS.tooLong : `longer than ${longest} characters`;
  if (CONTROL.test(trimmed)) return FIELD_PROBLEMS.invalidCharacters;
  if (field.check === 'consent' && trimmed !== 'yes' && trimmed !== 'no') return FIELD_PROBLEMS.notYesOrNo;
  if (field.check === 'email' && !EMAIL_GRAMMAR.test(trimmed)) return FIELD_PROBLEMS.invalidEmail;
  if (field.check === 'name' && (INVISIBLE.test(trimmed) || !VISIBLE.test(trimmed))) return FIELD_PROBLEMS.invalidCharacters;
  return undefined;
}

/**
 * The value kept for a field that passed `fieldProblem`: trimmed, and for an address (`url`) only
 * an http(s) URL: a `javascript:` or `data:` page address is dropped, never stored or forwarded.
 */
export function keptValue(field: LeadField, value: string): string {
  const trimmed = value.trim();
  return field.check === 'url' && trimmed !== '' && !httpUrl(trimmed) ? '' : trimmed;
}

/** What a visitor reads beside a field for a problem the table names. */
export function problemMessage(field: VisitorField, problem: string): string {
  const messages: Partial<Record<string, string>> = {
    [FIELD_PROBLEMS.required]: fieldMessages.required[field],
    [FIELD_PROBLEMS.tooLong]: fieldMessages.tooLong(MAX_FIELD_LENGTH),
    [FIELD_PROBLEMS.invalidEmail]: fieldMessages.invalidEmail,
    [FIELD_PROBLEMS.invalidCharacters]: fieldMessages.invalidCharacters,
  };
  return messages[problem] ?? fieldMessages.other(problem);
}
