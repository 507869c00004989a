/** /admin's HTML: every value escaped, no script (the chart is SVG drawn here), a CSP allowing only its stylesheet. */
import { escapeAttribute as e } from '../../src/shared/html.js';
import { colors } from '../../src/shared/theme.js';
import { BASE_STYLE, cspHash } from '../respond.js';
import { deliveryHealth, number } from './deliveries.js';
import { PERIODS, type Analytics, type Period } from './numbers.js';

const STYLE = `${BASE_STYLE}
main { max-width: 64em; margin: 0 auto; padding: 1.5em 1.25em; }
h1 { font-size: 1.6em; margin: 0 0 .5em; }
nav a { display: inline-block; margin-right: .75em; padding: .3em .8em; border-radius: 999px; color: ${colors.brandDeep}; }
nav a[aria-current] { background: ${colors.brandDeep}; color: ${colors.white}; }
dl.totals { display: flex; flex-wrap: wrap; gap: 1em; } dl.totals div { padding: .75em 1em; border: 1px solid ${colors.line}; border-radius: .6em; }
dl.totals dt { color: ${colors.muted}; } dl.totals dd { margin: 0; font-size: 1.6em; font-weight: 700; }
table { border-collapse: collapse; margin: .5em 0 1.5em; } caption { text-align: left; font-weight: 700; padding: .3em 0; }
th, td { padding: .3em .8em; border-bottom: 1px solid ${colors.line}; text-align: right; } th:first-child, td:first-child { text-align: left; }
.scroll { max-height: 24em; overflow: auto; } svg { max-width: 100%; height: auto; }
.legend span { margin-right: 1em; } .swatch { display: inline-block; width: .8em; height: .8em; margin-right: .3em; }
.views { background: ${colors.brandSoft}; border: 1px solid ${colors.brandDark}; } .opens { background: ${colors.brand}; } .leads { background: ${colors.brandDeep}; }
label { display: block; font-weight: 700; } input { font: inherit; padding: .5em; border: 1px solid ${colors.fieldBorder}; border-radius: .4em; min-width: 20em; }
form button { margin-top: .5em; }
button.danger { background: ${colors.invalid}; }
`;
export const adminHeaders = async (): Promise<Record<string, string>> => ({
  'Cache-Control': 'no-store',
  'Content-Security-Policy': `default-src 'none'; style-src ${await cspHash(STYLE)}; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
});

function adminResponse(title: string, body: string): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${e(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
  return new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

const conversion = (leads: number, views: number) => (views === 0 ? '—' : `${((100 * leads) / views).toFixed(1)}%`);
const label = (row: object, key: string) => ('other' in row ? 'All others' : (row as Record<string, string>)[key] || '(none)');

/** Views, opens and leads side by side per day, from 0 to the largest count. */
function chart(data: Analytics, days: Period): string {
  const width = 720;
  const height = 220;
  const left = 40;
  const bottom = 20;
  const plot = height - bottom - 10;
  const max = Math.max(1, ...data.days.flatMap((day) => [day.views, day.opens, day.leads]));
  const y = (n: number) => (n / max) * plot;
  const step = (width - left) / data.days.length;
  const bar = Math.max(1, (step * 0.8) / 3);
  const fills = [colors.brandSoft, colors.brand, colors.brandDeep];
  const bars = data.days
    .map((day, i) =>
      [day.views, day.opens, day.leads]
        .map((n, k) => {
          const h = y(n);
          const x = left + i * step + step * 0.1 + k * bar;
          return `<rect x="${x.toFixed(1)}" y="${(10 + plot - h).toFixed(1)}" width="${bar.toFixed(1)}" height="${h.toFixed(1)}" fill="${fills[k]}"${k === 0 ? ` stroke="${colors.brandDark}" stroke-width="0.5"` : ''}/>`;
        })
        .join(''),
    )
    .join('');
  const first = data.days[0]!.date;
  const last = data.days[data.days.length - 1]!.date;
  const t = data.totals;
  return `<svg viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="chart-title" xmlns="http://www.w3.org/2000/svg">
<title id="chart-title">Views, opens and leads per day, ${e(first)} to ${e(last)} (${days} days): ${number(t.views)} views, ${number(t.opens)} opens, ${number(t.leads)} leads in all. The table below has each day's numbers.</title>
<line x1="${left}" y1="${10 + plot}" x2="${width}" y2="${10 + plot}" stroke="${colors.fieldBorder}"/>
<text x="${left - 6}" y="${10 + plot}" text-anchor="end" font-size="12" fill="${colors.muted}">0</text>
<text x="${left - 6}" y="20" text-anchor="end" font-size="12" fill="${colors.muted}">${number(max)}</text>
<text x="${left}" y="${height - 4}" font-size="12" fill="${colors.muted}">${e(first)}</text>
<text x="${width}" y="${height - 4}" text-anchor="end" font-size="12" fill="${colors.muted}">${e(last)}</text>
${bars}</svg>`;
}

type Row = { views: number; opens: number; leads: number };
function table<R extends Row>(caption: string, head: string, rows: R[], name: (row: R) => string): string {
  const cells = (row: R) =>
    `<th scope="row">${e(name(row))}</th><td>${number(row.views)}</td><td>${number(row.opens)}</td><td>${number(row.leads)}</td><td>${conversion(row.leads, row.views)}</td>`;
  const body = rows.length ? rows.map((row) => `<tr>${cells(row)}</tr>`).join('') : '<tr><td colspan="5">Nothing yet.</td></tr>';
  return `<table><caption>${e(caption)}</caption><thead><tr><th scope="col">${e(head)}</th><th scope="col">Views</th><th scope="col">Opens</th><th scope="col">Leads</th><th scope="col">Conversion</th></tr></thead><tbody>${body}</tbody></table>`;
}

export function dashboard(data: Analytics, days: Period): Response {
  const t = data.totals;
  const nav = PERIODS.map((n) => `<a href="/admin?days=${n}"${n === days ? ' aria-current="page"' : ''}>Last ${n} days</a>`).join('');
  const body = `<h1>What the story earns</h1>
<nav aria-label="Period">${nav}</nav>
<section aria-labelledby="totals"><h2 id="totals">Last ${days} days</h2>
<dl class="totals"><div><dt>Views</dt><dd>${number(t.views)}</dd></div><div><dt>Opens of the form</dt><dd>${number(t.opens)}</dd></div><div><dt>Leads</dt><dd>${number(t.leads)}</dd></div><div><dt>Conversion (leads per view)</dt><dd>${conversion(t.leads, t.views)}</dd></div><div><dt>Suspected spam</dt><dd>${number(t.spam)}</dd></div></dl></section>
<section aria-labelledby="per-day"><h2 id="per-day">Per day</h2>
<p class="legend" aria-hidden="true"><span><span class="swatch views"></span>Views</span><span><span class="swatch opens"></span>Opens</span><span><span class="swatch leads"></span>Leads</span></p>
${chart(data, days)}
<div class="scroll" role="region" aria-label="Per day, as a table" tabindex="0">${table('Views, opens and leads per day', 'Day', data.days, (day) => day.date)}</div></section>
<section aria-labelledby="campaigns"><h2 id="campaigns">By story, campaign and source</h2>
${table('Per story', 'Story', data.stories, (row) => label(row, 'story'))}
${table('Per utm_campaign', 'utm_campaign', data.campaigns, (row) => label(row, 'utm_campaign'))}
${table('Per utm_source', 'utm_source', data.sources, (row) => label(row, 'utm_source'))}</section>
<section aria-labelledby="deliveries"><h2 id="deliveries">Delivery to the CRM</h2>${deliveryHealth(data)}</section>
<section aria-labelledby="leads"><h2 id="leads">Leads</h2><p><a href="/admin/leads.csv" download>Download CSV</a> (every lead, spam left out; safe to open in a spreadsheet). The same numbers as JSON: <a href="/admin/stats.json?days=${days}">stats.json</a>.</p></section>
<section aria-labelledby="erase"><h2 id="erase">Erase a person's leads</h2>
<form method="post" action="/admin/erase"><label for="email">Email address</label><input id="email" name="email" type="email" required autocomplete="off"><br><button type="submit">Erase…</button></form>
<p>You are asked to confirm before anything is erased.</p></section>`;
  return adminResponse('Story numbers · redcliffe-leads', body);
}

export function confirmErase(email: string): Response {
  return adminResponse(
    'Confirm erasure · redcliffe-leads',
    `<h1>Erase every lead of ${e(email)}?</h1><p>Their leads, delivery records and keys are deleted for good. This cannot be undone.</p>
<form method="post" action="/admin/erase"><input type="hidden" name="email" value="${e(email)}"><input type="hidden" name="confirm" value="yes"><button class="danger" type="submit">Erase for good</button></form>
<p><a href="/admin">Cancel</a></p>`,
  );
}

export function erased(email: string, count: number): Response {
  return adminResponse(
    'Erased · redcliffe-leads',
    `<h1 role="status">${count === 1 ? '1 lead' : `${number(count)} leads`} of ${e(email)} erased.</h1><p><a href="/admin">Back to the numbers</a></p>`,
  );
}
