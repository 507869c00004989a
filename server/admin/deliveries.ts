/**
 * /admin's delivery health: the period's leads with the CRMs, then each destination: sent, waiting
 * (why the next one waits, a CRM's limit or its last error, and when it goes), given up on (the
 * CRM's own words for the latest failures), so a marketer sees why a lead did not arrive.
 */
import { escapeAttribute as e } from '../../src/shared/html.js';
import { CRM_NAMES, UNCONFIRMED } from '../crm/names.js';
import type { DestinationHealth } from '../types.js';
import type { Analytics } from './numbers.js';

export const number = (n: number) => n.toLocaleString('en-GB');
const time = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

function destination({ adapter, url, sent, pending, failed, next, failures }: DestinationHealth): string {
  const crm = CRM_NAMES[adapter];
  const { host, pathname } = new URL(url);
  const unconfirmed = UNCONFIRMED.includes(adapter) ? ` (${crm} answers the same whether or not it keeps a lead: compare with the leads in ${crm})` : '';
  const why = !next ? '' : next.held ? `, held by ${crm}'s ${e(next.held)}` : next.lastError ? `, after <q>${e(next.lastError)}</q>` : ', its first attempt';
  const waiting = pending && next ? `; the next goes at ${time(next.at)}${why}` : '';
  const words = failures.map(({ error, count }) => `<q>${e(error)}</q>${count > 1 ? ` (${count} of them)` : ''}`).join(', ');
  const givenUp = failed ? `. The latest in ${crm}'s words: ${words}` : '';
  return `<h3>${e(crm)} · ${e(host + pathname)}</h3>
<ul><li>Sent: ${number(sent)}${unconfirmed}.</li><li>Waiting: ${number(pending)}${waiting}.</li><li>Given up on: ${number(failed)}${givenUp}.</li></ul>`;
}

export function deliveryHealth({ deliveries: d, destinations }: Analytics): string {
  const period = `<p>Of this period's leads, ${number(d.forwarded)} forwarded, ${number(d.pending)} waiting, ${number(d.failed)} given up on: a lead given up on is kept, export it and send it by hand.</p>`;
  return destinations.length ? `${period}${destinations.map(destination).join('\n')}` : `${period}<p>No lead has been forwarded to a CRM yet.</p>`;
}
