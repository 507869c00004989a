/**
 * The download form's own state, apart from the payload (payload.ts), which only the sending code
 * needs: the dialog's chunk carries this, and the sending code arrives in a chunk of its own.
 */
import { fieldOf, VISITOR_FIELDS, type VisitorField } from '../shared/lead-fields.js';
import type { LeadFields, PageContext } from './payload.js';

/** A send still going after this long (the retries make a failing one last about 7.5 s): the dialog says it is still working. */
export const SLOW_SEND_MS = 3_000;

export const EMPTY_FIELDS = Object.fromEntries(VISITOR_FIELDS.map((field) => [field, ''])) as LeadFields;

/** The required fields still empty or white space only, in the form's order (the line beside the waiting button names them). */
export function missingFields(fields: LeadFields): VisitorField[] {
  return VISITOR_FIELDS.filter((field) => fieldOf(field).required && fields[field].trim() === '');
}

/** Every required field has something other than white space (the submit button is enabled). */
export function isComplete(fields: LeadFields): boolean {
  return missingFields(fields).length === 0;
}

export function currentPage(): PageContext {
  return { href: location.href, search: location.search, referrer: document.referrer, base: document.baseURI, title: document.title, cookie: document.cookie };
}
