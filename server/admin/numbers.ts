/**
 * The marketer's numbers for the last N days, from the counts the store keeps (DailyCount), never
 * from the leads: the same cost for a hundred leads or a million. Top 20 rows, the rest as one.
 */
import type { DailyCount, DestinationHealth, LeadStore } from '../types.js';

export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];
const TOP = 20;

type Counts = Record<'views' | 'opens' | 'leads', number>;
type Ranked<K extends string> = (({ [P in K]: string } | { other: true }) & Counts)[];
export interface Analytics {
  totals: Counts & { spam: number };
  days: ({ date: string } & Counts)[];
  stories: Ranked<'story'>;
  campaigns: Ranked<'utm_campaign'>;
  sources: Ranked<'utm_source'>;
  /** The period's leads with the CRMs; and each destination's, in all. */
  deliveries: { forwarded: number; pending: number; failed: number };
  destinations: DestinationHealth[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
const zero = (): Counts => ({ views: 0, opens: 0, leads: 0 });
const COUNTED: Partial<Record<DailyCount['type'], keyof Counts>> = { view: 'views', open: 'opens', lead: 'leads' };
/** Made-up beacon values folded into one row a day (store/sql.ts). */
const FOLDED = '*';

/** By views, then leads, then name. */
function ranked<K extends string>(name: K, rows: Map<string, Counts>, folded: Counts): Ranked<K> {
  const sorted = [...rows].sort(([a, x], [b, y]) => y.views - x.views || y.leads - x.leads || a.localeCompare(b));
  const top: Ranked<K> = sorted.slice(0, TOP).map(([key, counts]) => ({ [name]: key, ...counts }) as Ranked<K>[number]);
  const rest = sorted
    .slice(TOP)
    .reduce((sum, [, counts]) => ({ views: sum.views + counts.views, opens: sum.opens + counts.opens, leads: sum.leads + counts.leads }), folded);
  return rest.views + rest.opens + rest.leads > 0 ? [...top, { other: true, ...rest }] : top;
}

/** UTC days, ending today. */
export async function analytics(store: LeadStore, days: Period, now = Date.now()): Promise<Analytics> {
  const today = Date.parse(new Date(now).toISOString().slice(0, 10));
  const dates = Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
  const perDay = new Map(dates.map((date) => [date, zero()]));
  const tables = { story: new Map<string, Counts>(), utm_campaign: new Map<string, Counts>(), utm_source: new Map<string, Counts>() };
  const folded = zero();
  const totals = { ...zero(), spam: 0 };
  const deliveries = { forwarded: 0, pending: 0, failed: 0 };
  for (const row of await store.counts(dates[0]!)) {
    if (!perDay.has(row.day)) continue; // a clock skewed into tomorrow: outside the period
    if (row.type === 'spam') totals.spam += row.count;
    else if (row.type === 'pending' || row.type === 'failed') deliveries[row.type] += row.count;
    else if (row.type === 'delivered') deliveries.forwarded += row.count;
    const what = COUNTED[row.type];
    if (!what) continue;
    perDay.get(row.day)![what] += row.count;
    totals[what] += row.count;
    if (row.story === FOLDED) folded[what] += row.count;
    else {
      for (const [table, key] of [
        [tables.story, row.story],
        [tables.utm_campaign, row.utmCampaign],
        [tables.utm_source, row.utmSource],
      ] as const) {
        if (!table.has(key)) table.set(key, zero());
        table.get(key)![what] += row.count;
      }
    }
  }
  return {
    totals,
    days: dates.map((date) => ({ date, ...perDay.get(date)! })),
    stories: ranked('story', tables.story, folded),
    campaigns: ranked('utm_campaign', tables.utm_campaign, folded),
    sources: ranked('utm_source', tables.utm_source, folded),
    deliveries,
    destinations: await store.destinations(),
  };
}
