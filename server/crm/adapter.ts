/** A CRM adapter: how one lead is sent to one CRM and what its answer means; the delivery loop does the rest. */
import type { StoredLead } from '../types.js';

/** What an answer means: delivered, or not, with the CRM's own words and whether to try again. */
export type Outcome =
  { delivered: true; httpStatus: number } | { delivered: false; httpStatus?: number; reason: string; permanent: boolean; retryAfterMs?: number };

export interface CrmAdapter {
  /** The request body (JSON) and any headers of its own, for one stored lead. */
  request(lead: StoredLead, settings: { hubspotToken?: string | undefined }): { body: unknown; headers?: Record<string, string> };
  /** Undefined for what every CRM shares: 2xx delivered, a 4xx but 408, 409, 425 and 429 permanent. */
  read?(status: number, body: unknown): Outcome | undefined;
}
