/** A CRM adapter: how one lead is sent to one CRM, what its answer means and what it limits; the delivery loop does the rest. */
import { LEAD_FIELDS } from '../../src/shared/lead-fields.js';
import type { DeliveryOptions } from '../options.js';
import type { StoredLead } from '../types.js';

/** The options a CRM reads, and the allowlist's destinations (`listed`): which of them share one CRM account's limit. */
export type CrmSettings = Pick<DeliveryOptions, 'hubspotToken' | 'hubspotSubscriptionTypeId' | 'salesforce' | 'marketo'> & {
  listed?: readonly { adapter: string; url: string }[];
};

/**
 * What an answer means: delivered, or not, with the CRM's own words (`reason`, stored and shown on
 * /admin), what the log may say of them (`logged`: a CRM may echo the lead), whether to try again,
 * and `renew`: once more at once with a new token.
 */
export type Outcome =
  | { delivered: true; httpStatus: number }
  | { delivered: false; httpStatus?: number; reason: string; logged?: string; permanent: boolean; retryAfterMs?: number; renew?: boolean };

/** A POST: JSON or a form, to `url` (default the destination's). */
type CrmRequest = { url?: string; json?: unknown; form?: URLSearchParams; headers?: Record<string, string> };

export interface CrmAdapter {
  /** What a destination lacks under these settings, said at start-up. */
  check?(url: URL, settings: CrmSettings): string | undefined;
  /** The request for one lead, or an Outcome when it cannot be sent (a token refused, a value the CRM would drop). */
  request(
    lead: StoredLead,
    url: URL,
    settings: CrmSettings,
    context: { fetch: typeof fetch; renew: boolean; now: () => number; timeoutMs: number },
  ): Promise<CrmRequest | Outcome>;
  /** Undefined for what every CRM shares: 2xx delivered, a 4xx but 408, 409, 425 and 429 permanent. */
  read?(status: number, body: unknown): Outcome | undefined;
  /**
   * What the CRM takes: leads a day, calls per window, calls at once (per host). `account` names what
   * a daily limit is counted by (Salesforce's org: two addresses of one org share its 500), by
   * default the address.
   */
  limits?: {
    perDay?(settings: CrmSettings): number;
    account?(url: URL, settings: CrmSettings): string;
    calls?: { points: number; seconds: number };
    atOnce?: number;
  };
}

/** Columns a field map may name beyond the field table's: when the lead came, the time of its proof of consent. */
const STORED_COLUMNS: Record<string, (lead: StoredLead) => string> = { received_at: (lead) => lead.receivedAt };
const isColumn = (column: string) => Object.hasOwn(STORED_COLUMNS, column) || LEAD_FIELDS.some((field) => field.column === column);

/** A lead's value by column (`utm_campaign`, `received_at`): what SALESFORCE_FIELDS and MARKETO_FIELDS map to the CRM's fields. */
export const valueOfColumn = (lead: StoredLead, column: string): string =>
  Object.hasOwn(STORED_COLUMNS, column) ? STORED_COLUMNS[column]!(lead) : lead[LEAD_FIELDS.find((field) => field.column === column)!.key];

export const LEAD_COLUMNS = [...LEAD_FIELDS.map((field) => field.column), ...Object.keys(STORED_COLUMNS)].join(', ');
/** A key of a CRM's field map that is not a lead column. */
export const strayColumn = (fields: Record<string, string> | undefined) => Object.keys(fields ?? {}).find((column) => !isColumn(column));
