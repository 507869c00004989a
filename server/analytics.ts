/**
 * The marketer's numbers for the last N days (GET /admin/stats.json, the /admin page): views and
 * opens from the event counts, leads from the lead store with their utm values, delivery health.
 */
import type { LeadStore } from './types.js';

export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];

interface Counts {
  views: number;
  opens: number;
  leads: number;
}
export interface Analytics {
  totals: { views: number; opens: number; leads: number; spam: number };
  days: ({ date: string } & Counts)[];
  campaigns: ({ utm_campaign: string } & Counts)[];
  sources: ({ utm_source: string } & Counts)[];
  deliveries: { forwarded: number; pending: number; failed: number; lastError: string | null };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const zero = (): Counts => ({ views: 0, opens: 0, leads: 0 });

/** Days are UTC days; the period ends today and holds `days` days. */
export async function analytics(store: LeadStore, days: Period, now = Date.now()): Promise<Analytics> {
  const today = Date.parse(new Date(now).toISOString().slice(0, 10));
  const dates = Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
  const since = dates[0]!;
  const perDay = new Map(dates.map((date) => [date, zero()]));
  const perCampaign = new Map<string, Counts>();
  const perSource = new Map<string, Counts>();
  const totals = { views: 0, opens: 0, leads: 0, spam: 0 };
  const add = (day: string, campaign: string, source: string, what: keyof Counts, count: number) => {
    const bucket = perDay.get(day);
    if (!bucket) return; // a clock skewed into tomorrow: outside the period
    for (const [map, key] of [
      [perCampaign, campaign],
      [perSource, source],
    ] as const) {
      if (!map.has(key)) map.set(key, zero());
      map.get(key)![what] += count;
    }
    bucket[what] += count;
    totals[what] += count;
  };
  for (const row of await store.eventCounts(since)) add(row.day, row.utmCampaign, row.utmSource, row.type === 'view' ? 'views' : 'opens', row.count);
  // The export iterator is every store's way to read leads; spam is counted apart, never as a lead.
  for await (const lead of store.exportLeads({ includeSpam: true })) {
    const day = lead.receivedAt.slice(0, 10);
    if (day < since || !perDay.has(day)) continue;
    if (lead.spam) totals.spam += 1;
    else add(day, lead.utmCampaign, lead.utmSource, 'leads', 1);
  }
  const stats = await store.stats();
  const ranked = <K extends string>(map: Map<string, Counts>, name: K) =>
    [...map]
      .sort(([a, x], [b, y]) => y.views - x.views || y.leads - x.leads || a.localeCompare(b))
      .map(([key, counts]) => ({ [name]: key, ...counts }) as { [P in K]: string } & Counts);
  return {
    totals,
    days: dates.map((date) => ({ date, ...perDay.get(date)! })),
    campaigns: ranked(perCampaign, 'utm_campaign'),
    sources: ranked(perSource, 'utm_source'),
    deliveries: { forwarded: stats.forwarded, pending: stats.pending, failed: stats.failed, lastError: (await store.lastDeliveryError()) ?? null },
  };
}
