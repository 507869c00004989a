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
/** Longest words of a consent (`consent-text`, the privacy line). */
export const CONSENT_TEXT_LENGTH = 1000;

/** How a value is checked beyond its length. */
type FieldCheck =
  /** A person's name: at least one visible character, no control, format or bidirectional-override character. */
  | 'name'
  /** The HTML standard's valid e-mail address (what browsers accept for `type=email`) with a dot in the domain. */
  | 'email'
  /** Text the page supplies: no control characters. */
  | 'text'
  /** An address the page supplies: no control characters, and an http(s) URL or it is dropped (stored as ""). */
  | 'url'
  /** Words the form showed (the privacy line, the consent box's): text up to CONSENT_TEXT_LENGTH. */
  | 'words'
  /** The consent box: `yes` ticked, `no` shown and left empty, "" not shown. */
  | 'consent';

export interface LeadField {
  /** The stored lead's property and the element's form state (camelCase). */
  readonly key: string;
  /** The contract's name: the JSON payload's `data` key, the no-JS form's input name, the JSON forward's key. */
  readonly name: string;
  /** The database column and the CSV header. */
  readonly column: string;
  /** Only the fields a visitor types are. */
  readonly required?: boolean;
  readonly check: FieldCheck;
  /** Fields the visitor types: how the forms ask for them. */
  readonly input?: { readonly label: string; readonly autoComplete: string; readonly type: 'text' | 'email' };
  /**
   * Fields the page supplies: its address, its referrer, a parameter of its query string, a cookie
   * (`_mkto_trk`, Marketo's visitor), or what the form showed and the visitor agreed to (`consent`).
   */
  readonly from?: 'href' | 'referrer' | 'query' | 'cookie' | 'consent';
  /** HubSpot Forms API field name (its default contact properties), for fields HubSpot gets as fields. */
  readonly hubspot?: string;
}

/** `page_url` → `pageUrl`: a supplied field's key. */
type Camel<S extends string> = S extends `${infer Head}_${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;

/** A field the page supplies: optional (not `required`), named alike in the contract, the column and the CSV, its key the name camel-cased. */
const supplied = <N extends string, F extends LeadField['from'], C extends FieldCheck = 'text'>(name: N, from: F, check = 'text' as C) =>
  ({
    key: name.replace(/_(.)/g, (_, letter: string) => letter.toUpperCase()) as Camel<N>,
    name,
    column: name,
    check,
    from,
  }) as const;

/** A field the visitor types: required, its label the download form's word for it. */
const typed = <K extends 'firstName' | 'lastName' | 'email', N extends string, C extends FieldCheck, H extends string>(
  key: K,
  name: N,
  column: string,
  check: C,
  autoComplete: string,
  type: 'text' | 'email',
  hubspot: H,
) => ({ key, name, column, required: true, check, input: { label: download[key], autoComplete, type }, hubspot }) as const;

export const LEAD_FIELDS = [
  typed('firstName', 'First Name', 'first_name', 'name', 'given-name', 'text', 'firstname'),
  typed('lastName', 'Last Name', 'last_name', 'name', 'family-name', 'text', 'lastname'),
  typed('email', 'Work Email', 'email', 'email', 'email', 'email', 'email'),
  supplied('page_url', 'href', 'url'),
  supplied('referrer', 'referrer', 'url'),
  supplied('utm_source', 'query'),
  supplied('utm_medium', 'query'),
  supplied('utm_campaign', 'query'),
  supplied('utm_term', 'query'),
  supplied('utm_content', 'query'),
  supplied('mkto_trk', 'cookie'),
  // The proof of consent: the privacy line shown under the form, the optional box's words and
  // whether it was ticked. Its time is the lead's `received_at`.
  supplied('privacy_text', 'consent', 'words'),
  supplied('consent_text', 'consent', 'words'),
  supplied('consent', 'consent', 'consent'),
] as const satisfies readonly LeadField[];

type Row = (typeof LEAD_FIELDS)[number];
/** A field's key (`firstName`). */
export type LeadKey = Row['key'];
/** A field's contract name (`First Name`). */
export type DataField = Row['name'];
/** What the form showed and the visitor agreed to, by key. */
export type Consent = Pick<LeadValues, Extract<Row, { from: 'consent' }>['key']>;
/** A lead's values, by key: every one a trimmed string. */
export type LeadValues = Record<LeadKey, string>;
/** The fields a visitor types, in the order the form asks for them. */
export type VisitorField = Extract<Row, { input: object }>['key'];

/** The visitor's fields, in form order (focus goes to the first with a message). */
export const VISITOR_FIELDS = LEAD_FIELDS.filter((field) => 'input' in field).map((field) => field.key) as VisitorField[];
/** Every key of the payload's `data`, in table order. */
export const DATA_FIELDS: readonly DataField[] = /* @__PURE__ */ LEAD_FIELDS.map((field) => field.name);

/** The table's row for a key. */
export const fieldOf = (key: LeadKey): LeadField => LEAD_FIELDS.find((field) => field.key === key)!;
