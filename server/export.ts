/** Lead exports, streamed: CSV (safe in a spreadsheet) and NDJSON. */
import { LEAD_FIELDS } from '../src/shared/lead-fields.js';
import type { ExportedLead, StoredLead } from './types.js';

/** The columns of `leads` in export order, and a lead's values in that order. */
export const COLUMN_LIST = ['id', 'received_at', ...LEAD_FIELDS.map((field) => field.column), 'form_url', 'story'];
export const leadParams = (lead: StoredLead): string[] => [lead.id, lead.receivedAt, ...LEAD_FIELDS.map((field) => lead[field.key]), lead.formUrl, lead.story];
export const EXPORT_COLUMNS = [...COLUMN_LIST, 'forward_status', 'forward_attempts', 'spam'];

/** CSV injection: a cell starting with `=`, `+`, `-`, `@`, tab or CR is a formula to spreadsheets; a quote makes it text. */
export function neutraliseCell(value: string): string {
  // Control characters become U+FFFD, visibly.
  const clean = value.replace(/(?![\t\n\r])\p{Cc}/gu, '\ufffd');
  return /^[=+\-@\t\r]/.test(clean) ? `'${clean}` : clean;
}

function row(lead: ExportedLead): string[] {
  return [...leadParams(lead), lead.forwardStatus, String(lead.forwardAttempts), lead.spam ? 'yes' : 'no'].map(neutraliseCell);
}

/** RFC 4180, every cell quoted and neutralised. */
export async function* leadsToCsv(leads: AsyncIterable<ExportedLead>): AsyncGenerator<string> {
  const { stringify } = await import('csv-stringify/sync');
  const options = { quoted: true, quoted_empty: true, record_delimiter: 'windows' as const };
  yield stringify([[...EXPORT_COLUMNS]], options);
  let batch: string[][] = [];
  for await (const lead of leads) {
    batch.push(row(lead));
    if (batch.length === 500) {
      yield stringify(batch, options);
      batch = [];
    }
  }
  if (batch.length > 0) yield stringify(batch, options);
}

export async function* leadsToNdjson(leads: AsyncIterable<ExportedLead>): AsyncGenerator<string> {
  for await (const lead of leads) yield `${JSON.stringify(lead)}\n`;
}
