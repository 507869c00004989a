/**
 * Lead exports for marketers: CSV (safe to open in a spreadsheet) and NDJSON. Both stream: they
 * take the store's lead iterator and yield text chunks.
 */
import type { ExportedLead } from './types.js';

import { LEAD_FIELDS } from '../src/shared/lead-fields.js';

/** CSV columns, in order: the lead field table's columns between the handler's own. */
export const EXPORT_COLUMNS = [
  'id',
  'received_at',
  ...LEAD_FIELDS.map((field) => field.column),
  'form_url',
  'story',
  'forward_status',
  'forward_attempts',
  'spam',
];

/**
 * OWASP "CSV Injection": a cell that starts with `=`, `+`, `-`, `@`, tab or carriage return would be
 * read as a formula by Excel, LibreOffice or Google Sheets. Prefixing a single quote makes it text;
 * every cell is also double-quoted (with `"` doubled inside), so a separator cannot start a new cell.
 */
export function neutraliseCell(value: string): string {
  // Control characters (a NUL, an escape) have no place in a sheet: each becomes U+FFFD, visibly.
  const clean = value.replace(/(?![\t\n\r])\p{Cc}/gu, '\ufffd');
  return /^[=+\-@\t\r]/.test(clean) ? `'${clean}` : clean;
}

function row(lead: ExportedLead): string[] {
  return [
    lead.id,
    lead.receivedAt,
    ...LEAD_FIELDS.map((field) => lead[field.key]),
    lead.formUrl,
    lead.story,
    lead.forwardStatus,
    String(lead.forwardAttempts),
    lead.spam ? 'yes' : 'no',
  ].map(neutraliseCell);
}

/** CSV (RFC 4180, CRLF line ends, every cell quoted and neutralised), header first. Uses csv-stringify. */
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

/** One JSON object per line (the StoredLead shape plus forwardStatus and forwardAttempts). */
export async function* leadsToNdjson(leads: AsyncIterable<ExportedLead>): AsyncGenerator<string> {
  for await (const lead of leads) yield `${JSON.stringify(lead)}\n`;
}
