import { fieldProblem, problemMessage } from './field-checks.js';
import { fieldOf, LEAD_FIELDS, VISITOR_FIELDS, type VisitorField } from './lead-fields.js';

/** What the download form shows beside each field that needs correcting (field → message). */
export type FieldMessages = Partial<Record<VisitorField, string>>;

/**
 * Messages for every field, before sending, in the product's own words (content/field-messages.ts)
 * whatever the browser's language: the field table's rules, which include what the browser checks
 * itself (required, the HTML email grammar) and what it does not (a dot in the email's domain, at
 * most 200 characters, white space only, hidden characters). The browser's `validationMessage` is
 * never shown: the form has `noValidate`, so no native bubble is drawn over these either.
 */
export function checkFields(values: Record<VisitorField, string>): FieldMessages {
  const messages: FieldMessages = {};
  for (const field of VISITOR_FIELDS) {
    const problem = fieldProblem(fieldOf(field), values[field]);
    if (problem) messages[field] = problemMessage(field, problem);
  }
  return messages;
}

/** Messages for the fields a 400 answer names (contract names such as "Work Email"); others are ignored. */
export function serverFieldMessages(refused: Readonly<Record<string, string>>): FieldMessages {
  const messages: FieldMessages = {};
  for (const [name, problem] of Object.entries(refused)) {
    const field = LEAD_FIELDS.find((row) => row.name === name)?.key;
    if (field && (VISITOR_FIELDS as string[]).includes(field)) messages[field as VisitorField] = problemMessage(field as VisitorField, problem);
  }
  return messages;
}

/** The first field (in form order) with a message. */
export function firstWithMessage(messages: FieldMessages): VisitorField | undefined {
  return VISITOR_FIELDS.find((field) => messages[field]);
}
