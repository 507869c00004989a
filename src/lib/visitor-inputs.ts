import { download } from '../content.js';
import type { VisitorField } from './lead-contract.js';

/**
 * How each of the visitor's fields is asked for, in the order asked: its label, `autocomplete` token
 * and input type (in form-check.ts's FIELD_ORDER). The download dialog, the call to action's form without JavaScript and the server's
 * form page (server/form-post.ts) all read it.
 */
export const VISITOR_INPUTS: Record<VisitorField, { label: string; autoComplete: string; type: 'text' | 'email' }> = {
  firstName: { label: download.firstName, autoComplete: 'given-name', type: 'text' },
  lastName: { label: download.lastName, autoComplete: 'family-name', type: 'text' },
  email: { label: download.email, autoComplete: 'email', type: 'email' },
};
