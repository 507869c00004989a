/** Messages beside a field to correct. A part of the content module, re-exported by content.ts; its own file so only the checks (the dialog's chunk, the server) carry it. */
/** What a visitor reads beside a field that needs correcting (the field table names the problems). */
export const fieldMessages = {
  required: { firstName: 'Enter your first name.', lastName: 'Enter your last name.', email: 'Enter your work email.' },
  tooLong: (max: number) => `Use at most ${max} characters.`,
  invalidEmail: 'Enter a work email like name@company.com.',
  invalidCharacters: 'Use letters and punctuation only, without hidden or control characters.',
  other: (problem: string) => `Check this field: ${problem}.`,
} as const;
