/**
 * A lead's values (by key) to and from the contract's `data` (by name), from the lead field table:
 * a module of its own so that only the code that sends or receives a lead (the dialog's chunk, the
 * server) carries it, not the first download with the table.
 */
import { LEAD_FIELDS, type DataField, type LeadValues } from './lead-fields.js';

/** A lead's values as the contract names them (the payload's `data`, the JSON forward's body). */
export const toData = (values: LeadValues): Record<DataField, string> =>
  Object.fromEntries(LEAD_FIELDS.map((field) => [field.name, values[field.key]])) as Record<DataField, string>;

/** The values a contract-named `data` object carries ('' for a missing one). */
export const fromData = (data: Readonly<Record<string, string | undefined>>): LeadValues =>
  Object.fromEntries(LEAD_FIELDS.map((field) => [field.key, data[field.name] ?? ''])) as LeadValues;
