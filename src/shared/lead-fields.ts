/**
 * The lead's fields, in one table. Every place that handles a lead derives from it: the element's
 * checks and payload, the form without JavaScript, the server's validation, both stores' columns,
 * the CSV export and every forward. Adding a field is one row here (and a column in the schema's
 * first migration, which the stores build from `column`).
 *
 * Plain data and pure functions only: no DOM, no Node built-ins.
 */
import { download } from './content.js';

/** Longest accepted value (after trimming), in UTF-16 code units. */
export const MAX_FIELD_LENGTH = 200;

/** How a value is checked beyond its length. */
type FieldCheck =
  /** A person's name: at least one visible character, no control, format or bidirectional-override character. */
  | 'name'
  /** The HTML standard's valid e-mail address (what browsers accept for `type=email`) with a dot in the domain. */
  | 'email'
  /** Text the page supplies: no control characters. */
  | 'text'
  /** An address the page supplies: no control characters, and an http(s) URL or it is dropped (stored as ""). */
  | 'url';

export interface LeadField {
  /** The stored lead's property and the element's form state (camelCase). */
  readonly key: string;
  /** The contract's name: the JSON payload's `data` key, the no-JS form's input name, the JSON forward's key. */
  readonly name: string;
  /** The database column and the CSV header. */
  readonly column: string;
  readonly required: boolean;
  readonly check: FieldCheck;
  /** Fields the visitor types: how the forms ask for them. */
  readonly input?: { readonly label: string; readonly autoComplete: string; readonly type: 'text' | 'email' };
  /** Fields the page supplies: its address, its referrer, or a parameter of its query string. */
  readonly from?: 'href' | 'referrer' | 'query';
  /** HubSpot Forms API field name (its default contact properties), for fields HubSpot gets as fields. */
  readonly hubspot?: string;
}

const utm = <K extends string, N extends string>(key: K, name: N) => ({ key, name, column: name, required: false, check: 'text', from: 'query' }) as const;

export const LEAD_FIELDS = [
  {
    key: 'firstName',
    name: 'First Name',
    column: 'first_name',
    required: true,
    check: 'name',
    input: { label: download.firstName, autoComplete: 'given-name', type: 'text' },
    hubspot: 'firstname',
  },
  {
    key: 'lastName',
    name: 'Last Name',
    column: 'last_name',
    required: true,
    check: 'name',
    input: { label: download.lastName, autoComplete: 'family-name', type: 'text' },
    hubspot: 'lastname',
  },
  {
    key: 'email',
    name: 'Work Email',
    column: 'email',
    required: true,
    check: 'email',
    input: { label: download.email, autoComplete: 'email', type: 'email' },
    hubspot: 'email',
  },
  { key: 'pageUrl', name: 'page_url', column: 'page_url', required: false, check: 'url', from: 'href' },
  { key: 'referrer', name: 'referrer', column: 'referrer', required: false, check: 'url', from: 'referrer' },
  utm('utmSource', 'utm_source'),
  utm('utmMedium', 'utm_medium'),
  utm('utmCampaign', 'utm_campaign'),
  utm('utmTerm', 'utm_term'),
  utm('utmContent', 'utm_content'),
] as const satisfies readonly LeadField[];

type Row = (typeof LEAD_FIELDS)[number];
/** A field's key (`firstName`). */
export type LeadKey = Row['key'];
/** A field's contract name (`First Name`). */
export type DataField = Row['name'];
/** A lead's values, by key: every one a trimmed string. */
export type LeadValues = Record<LeadKey, string>;
/** The fields a visitor types, in the order the form asks for them. */
export type VisitorField = Extract<Row, { input: object }>['key'];

/** The visitor's fields, in form order (focus goes to the first with a message). */
export const VISITOR_FIELDS = LEAD_FIELDS.filter((field) => 'input' in field).map((field) => field.key) as VisitorField[];
/** Every key of the payload's `data`, in table order. */
export const DATA_FIELDS: readonly DataField[] = LEAD_FIELDS.map((field) => field.name);

const byKey = new Map<string, LeadField>(LEAD_FIELDS.map((field) => [field.key, field]));
const byName = new Map<string, LeadField>(LEAD_FIELDS.map((field) => [field.name, field]));
/** The table's row for a key. */
export const fieldOf = (key: LeadKey): LeadField => byKey.get(key)!;
/** The row whose contract name is `name` (a payload's `data` key), if any. */
export const fieldNamed = (name: string): LeadField | undefined => byName.get(name);

/** A lead's values as the contract names them (the payload's `data`, the JSON forward's body). */
export const toData = (values: LeadValues): Record<DataField, string> =>
  Object.fromEntries(LEAD_FIELDS.map((field) => [field.name, values[field.key]])) as Record<DataField, string>;

/** The values a contract-named `data` object carries ('' for a missing one). */
export const fromData = (data: Readonly<Record<string, string | undefined>>): LeadValues =>
  Object.fromEntries(LEAD_FIELDS.map((field) => [field.key, data[field.name] ?? ''])) as LeadValues;
