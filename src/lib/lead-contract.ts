/**
 * The lead contract, in one place: the field names the payload carries, the length limit, and the
 * email rule. The element (form checks, payload), the server handler (validation), the benchmarks
 * and the tests all import it, so they can never disagree about what a valid lead is.
 *
 * Plain data and pure functions only: no DOM, no Node built-ins.
 */

/** The visitor's three fields: the form's name → the payload's `data` key. */
export const VISITOR_FIELDS = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Work Email',
} as const;

export type VisitorField = keyof typeof VISITOR_FIELDS;
export type VisitorDataField = (typeof VISITOR_FIELDS)[VisitorField];

/** The UTM parameters read from the page's query string. */
export const UTM_FIELDS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/** Every key of the payload's `data` object, in the order the spec lists them. */
export const DATA_FIELDS = [
  VISITOR_FIELDS.firstName,
  VISITOR_FIELDS.lastName,
  VISITOR_FIELDS.email,
  'page_url',
  'referrer',
  ...UTM_FIELDS,
] as const;

export type DataField = (typeof DATA_FIELDS)[number];

/** Keys of the top-level JSON body. */
export const TOP_LEVEL_FIELDS = ['url', 'data'] as const;

/** Fields a visitor must fill. */
export const REQUIRED_DATA_FIELDS: readonly DataField[] = [
  VISITOR_FIELDS.firstName,
  VISITOR_FIELDS.lastName,
  VISITOR_FIELDS.email,
];

/** Longest accepted string value (after trimming), in UTF-16 code units. */
export const MAX_FIELD_LENGTH = 200;

/** One @, a non-empty local part, a dot inside the domain, no white space. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The spec's minimal rule: without an at sign, submitting does not send anything. */
export function hasAtSign(email: string): boolean {
  return email.includes('@');
}

/** The full email rule the server enforces (and the element checks before sending). */
export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email.trim());
}

/** Problems a field can have, as the server names them in a 400's `fields` map. */
export const FIELD_PROBLEMS = {
  required: 'required',
  tooLong: `longer than ${MAX_FIELD_LENGTH} characters`,
  invalidEmail: 'invalid email',
  notString: 'must be a string',
  unknown: 'unknown field',
} as const;

/** What a visitor reads beside a field for each problem. */
export const FIELD_PROBLEM_MESSAGES: Record<VisitorField, Partial<Record<string, string>>> = {
  firstName: {
    [FIELD_PROBLEMS.required]: 'Enter your first name.',
    [FIELD_PROBLEMS.tooLong]: `Use at most ${MAX_FIELD_LENGTH} characters.`,
  },
  lastName: {
    [FIELD_PROBLEMS.required]: 'Enter your last name.',
    [FIELD_PROBLEMS.tooLong]: `Use at most ${MAX_FIELD_LENGTH} characters.`,
  },
  email: {
    [FIELD_PROBLEMS.required]: 'Enter your work email.',
    [FIELD_PROBLEMS.tooLong]: `Use at most ${MAX_FIELD_LENGTH} characters.`,
    [FIELD_PROBLEMS.invalidEmail]: 'Enter a work email like name@company.com.',
  },
};

/** The server's `data` key for a visitor field, and back. */
export function visitorFieldOf(dataField: string): VisitorField | undefined {
  return (Object.keys(VISITOR_FIELDS) as VisitorField[]).find((field) => VISITOR_FIELDS[field] === dataField);
}

/**
 * The problem with one visitor value, or undefined if the server will accept it.
 * Values are trimmed first, as the payload trims them.
 */
export function fieldProblem(field: VisitorField, value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return FIELD_PROBLEMS.required;
  if (trimmed.length > MAX_FIELD_LENGTH) return FIELD_PROBLEMS.tooLong;
  if (field === 'email' && !EMAIL_PATTERN.test(trimmed)) return FIELD_PROBLEMS.invalidEmail;
  return undefined;
}

/** Every visitor field's problem (only those with one). */
export function visitorProblems(values: Record<VisitorField, string>): Partial<Record<VisitorField, string>> {
  const problems: Partial<Record<VisitorField, string>> = {};
  for (const field of Object.keys(VISITOR_FIELDS) as VisitorField[]) {
    const problem = fieldProblem(field, values[field]);
    if (problem) problems[field] = problem;
  }
  return problems;
}
