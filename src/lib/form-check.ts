import {
  FIELD_PROBLEM_MESSAGES,
  fieldProblem,
  visitorFieldOf,
  VISITOR_FIELDS,
  type VisitorField,
} from './lead-contract.js';

/** What the download form shows beside each field that needs correcting (field → message). */
export type FieldMessages = Partial<Record<VisitorField, string>>;

/** The form's fields in the order a visitor meets them (focus goes to the first with a message). */
export const FIELD_ORDER = Object.keys(VISITOR_FIELDS) as VisitorField[];

/** The message a visitor reads for a problem named by the lead contract (or the server). */
export function problemMessage(field: VisitorField, problem: string): string {
  return FIELD_PROBLEM_MESSAGES[field][problem] ?? `Check this field: ${problem}.`;
}

/**
 * Messages for every field, before sending. `browserMessage(field)` is the browser's own validity
 * message for the field (empty when the browser accepts it): it comes first, as the visitor's
 * browser words it; then the lead contract's rules the browser does not know (a dot in the email's
 * domain, at most 200 characters, white space only).
 */
export function checkFields(values: Record<VisitorField, string>, browserMessage: (field: VisitorField) => string): FieldMessages {
  const messages: FieldMessages = {};
  for (const field of FIELD_ORDER) {
    const own = browserMessage(field);
    const problem = fieldProblem(field, values[field]);
    if (own) messages[field] = own;
    else if (problem) messages[field] = problemMessage(field, problem);
  }
  return messages;
}

/** Messages for the fields a 400 answer names (payload data keys such as "Work Email"); others are ignored. */
export function serverFieldMessages(refused: Readonly<Record<string, string>>): FieldMessages {
  const messages: FieldMessages = {};
  for (const [dataField, problem] of Object.entries(refused)) {
    const field = visitorFieldOf(dataField);
    if (field) messages[field] = problemMessage(field, problem);
  }
  return messages;
}

/** The first field (in form order) with a message. */
export function firstWithMessage(messages: FieldMessages): VisitorField | undefined {
  return FIELD_ORDER.find((field) => messages[field]);
}
