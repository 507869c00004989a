import { describe, expect, it } from 'vitest';
import { checkFields, firstWithMessage, serverFieldMessages } from '../../src/shared/form-check.js';
import { MAX_FIELD_LENGTH } from '../../src/shared/lead-fields.js';
import { problemMessage } from '../../src/shared/field-checks.js';
import { fieldMessages } from '../../src/shared/content/field-messages.js';

const ok = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

describe('download form checks (lead contract)', () => {
  it('accepts what the server accepts', () => {
    expect(checkFields(ok)).toEqual({});
  });

  it('refuses an email without a dot in its domain and values over the length limit, with the contract messages', () => {
    const long = 'x'.repeat(MAX_FIELD_LENGTH + 1);
    const messages = checkFields({ firstName: long, lastName: ' ', email: 'name@company' });
    expect(messages).toEqual({
      firstName: problemMessage('firstName', 'longer than 200 characters'),
      lastName: problemMessage('lastName', 'required'),
      email: problemMessage('email', 'invalid email'),
    });
    expect(firstWithMessage(messages)).toBe('firstName');
    expect(checkFields({ ...ok, lastName: 'y'.repeat(MAX_FIELD_LENGTH) })).toEqual({});
  });

  it('words a value the browser itself refuses in the product’s words, not the browser’s', () => {
    expect(checkFields({ ...ok, email: 'ada.example.com' })).toEqual({ email: fieldMessages.invalidEmail });
    expect(checkFields({ ...ok, firstName: '' })).toEqual({ firstName: fieldMessages.required.firstName });
  });

  it('maps a 400’s fields (payload data keys) to the form’s fields, ignoring others', () => {
    expect(serverFieldMessages({ 'Work Email': 'invalid email', utm_source: 'longer than 200 characters' })).toEqual({
      email: problemMessage('email', 'invalid email'),
    });
    expect(serverFieldMessages({ 'Last Name': 'something new' })).toEqual({ lastName: 'Check this field: something new.' });
  });
});
