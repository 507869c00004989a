/**
 * What a CRM adapter is: how one lead is sent to one CRM, and what its answer means. The delivery
 * loop (crm/delivery.ts) does the rest the same way for every CRM: the outbox, the back-off, the
 * record of each attempt. A new CRM is a file here and a line in ADAPTERS (crm/send.ts).
 */
import type { StoredLead } from '../types.js';

/** What an answer means: delivered, or not, with the CRM's own words and whether to try again. */
export type Outcome =
  { delivered: true; httpStatus: number } | { delivered: false; httpStatus?: number; reason: string; permanent: boolean; retryAfterMs?: number };

export interface CrmAdapter {
  /** The request body (JSON) and any headers of its own, for one stored lead. */
  request(lead: StoredLead, settings: { hubspotToken?: string | undefined }): { body: unknown; headers?: Record<string, string> };
  /**
   * The answer read: `status` and its parsed JSON body (undefined when it had none or was not JSON).
   * Return undefined for the meaning every CRM shares: 2xx delivered, else `status N`, permanent
   * for a 4xx other than 408, 409, 425 and 429.
   */
  read?(status: number, body: unknown): Outcome | undefined;
}
