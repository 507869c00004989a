import { describe, expect, it } from 'vitest';
import { checkFields, firstWithMessage, serverFieldMessages } from '../../src/shared/form-check.js';
import { MAX_FIELD_LENGTH } from '../../src/shared/lead-fields.js';
import { problemMessage } from '../../src/shared/field-checks.js';

const none = () => '';
const ok = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' };

describe('download form checks (lead contract)', () => {
  it('accepts what the server accepts', () => {
    expect(checkFields(ok, none)).toEqual({});
  });

  it('refuses an email without a dot in its domain and values over the length limit, with the contract messages', () => {
    const long = 'x'.repeat(MAX_FIELD_LENGTH + 1);
    const messages = checkFields({ firstName: long, lastName: ' ', email: 'name@company' }, none);
    expect(messages).toEqual({
      firstName: problemMessage('firstName', 'longer than 200 characters'),
      lastName: problemMessage('lastName', 'required'),
      email: problemMessage('email', 'invalid email'),
    });
    expect(firstWithMessage(messages)).toBe('firstName');
    expect(checkFields({ ...ok, lastName: 'y'.repeat(MAX_FIELD_LENGTH) }, none)).toEqual({});
  });

  it('prefers the browser’s own validity message where the browser refuses the value', () => {
    const browser = (field: string) => (field === 'email' ? "Please include an '@' in the email address." : '');
    expect(checkFields({ ...ok, email: 'ada.example.com' }, browser)).toEqual({ email: "Please include an '@' in the email address." });
  });

  it('maps a 400’s fields (payload data keys) to the form’s fields, ignoring others', () => {
    expect(serverFieldMessages({ 'Work Email': 'invalid email', utm_source: 'longer than 200 characters' })).toEqual({
      email: problemMessage('email', 'invalid email'),
    });
    expect(serverFieldMessages({ 'Last Name': 'something new' })).toEqual({ lastName: 'Check this field: something new.' });
  });
});
