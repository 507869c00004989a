/** The statements both SQL stores share, with `$1`, `$2`… parameters; a change of several is a list of steps run in one transaction. */
import type { AttemptRecord, DailyCount, Delivery, DestinationHealth, ExportedLead, ForwardAdapter, LeadStats, LeadStore, StoredLead } from '../types.js';
import { aliasedLeadColumns, leadFromRow, type LeadRow } from './schema.js';

export type Step = [sql: string, params: unknown[]];

/** Rows one day may hold in `daily_counts` before made-up beacon values are folded into its `*` row. */
export const COUNT_KEYS_PER_DAY = 250;
const COUNTED = 'INSERT INTO daily_counts (day, type, story, utm_source, utm_campaign, count)';
const BUMP = 'ON CONFLICT (day, type, story, utm_source, utm_campaign) DO UPDATE SET count = daily_counts.count + excluded.count';
const DAY = 'substr(l.received_at, 1, 10)';
const BUMP_DESTINATION = 'ON CONFLICT (adapter, url, status) DO UPDATE SET count = destination_counts.count + excluded.count';
/** One more entry waiting for its destination: $1 adapter, $2 url. */
export const COUNT_DESTINATION = `INSERT INTO destination_counts (adapter, url, status, count) VALUES ($1, $2, 'pending', 1) ${BUMP_DESTINATION}`;
/** Puts claimed entry $1 back, unsent, until $2, held by $3 (a CRM's limit); `created_at` moves on: time held never counts against giving up. */
const HOLD = `UPDATE deliveries SET next_attempt_at = $2, lease_until = NULL, attempts = attempts - 1, held = $3,
    created_at = created_at + ($2 - next_attempt_at) WHERE lead_id = $1 AND status = 'pending'`;

/** Every lead in exactly one bucket (LeadStats). */
const STATS = `SELECT CAST(count(*) AS INTEGER) AS leads,
    CAST(count(*) FILTER (WHERE d.status = 'delivered') AS INTEGER) AS forwarded,
    CAST(count(*) FILTER (WHERE d.status = 'pending') AS INTEGER) AS pending,
    CAST(count(*) FILTER (WHERE d.status = 'failed') AS INTEGER) AS failed,
    CAST(count(*) FILTER (WHERE d.status IS NULL AND NOT l.spam) AS INTEGER) AS "notForwarded",
    CAST(count(*) FILTER (WHERE d.status IS NULL AND l.spam) AS INTEGER) AS spam
  FROM leads l LEFT JOIN deliveries d ON d.lead_id = l.id`;

/** Leases up to $3 due entries until $2 (now $1); PostgreSQL skips the rows another instance is claiming. */
export const claim = (postgres: boolean) => `UPDATE deliveries SET lease_until = $2, attempts = attempts + 1
  WHERE lead_id IN (
    SELECT lead_id FROM deliveries
    WHERE status = 'pending' AND next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
    ORDER BY next_attempt_at LIMIT $3${postgres ? ' FOR UPDATE SKIP LOCKED' : ''}
  )
  RETURNING lead_id, adapter, url, attempts, created_at`;
export const CLAIMED_LEADS = `SELECT ${aliasedLeadColumns('l')} FROM leads l JOIN deliveries d ON d.lead_id = l.id WHERE d.lease_until = $1`;

/** One attempt recorded, its entry's count moved from `pending` to where it ends, and the entry updated. */
function recordAttempt(record: AttemptRecord): Step[] {
  const { leadId, next } = record;
  const finishedAt = record.startedAt + record.durationMs;
  const pendingLead = `FROM leads l JOIN deliveries d ON d.lead_id = l.id WHERE l.id = $1 AND d.status = 'pending' AND $2 <> 'pending'`;
  return [
    [
      `INSERT INTO delivery_attempts (lead_id, attempt, started_at, duration_ms, outcome, http_status, error) VALUES ($1, $2, $3, $4, $5, $6, $7)
        ON CONFLICT (lead_id, attempt) DO UPDATE SET started_at = excluded.started_at, duration_ms = excluded.duration_ms,
          outcome = excluded.outcome, http_status = excluded.http_status, error = excluded.error`,
      [leadId, record.attempt, record.startedAt, record.durationMs, record.outcome, record.httpStatus ?? null, record.error ?? null],
    ],
    [countFrom(`SELECT ${DAY}, $2, l.story, l.utm_source, l.utm_campaign, 1 ${pendingLead}`), [leadId, next.status]],
    [
      `UPDATE daily_counts SET count = count - 1 WHERE type = 'pending'
        AND (day, story, utm_source, utm_campaign) IN (SELECT ${DAY}, l.story, l.utm_source, l.utm_campaign ${pendingLead})`,
      [leadId, next.status],
    ],
    [
      `INSERT INTO destination_counts (adapter, url, status, count) SELECT adapter, url, $2, 1 FROM deliveries WHERE lead_id = $1 AND status = 'pending' AND $2 <> 'pending'
        ${BUMP_DESTINATION}`,
      [leadId, next.status],
    ],
    [
      `UPDATE destination_counts SET count = count - 1 WHERE status = 'pending'
        AND (adapter, url) IN (SELECT adapter, url FROM deliveries WHERE lead_id = $1 AND status = 'pending' AND $2 <> 'pending')`,
      [leadId, next.status],
    ],
    [
      'UPDATE deliveries SET status = $2, next_attempt_at = $3, lease_until = NULL, held = NULL, last_error = $4, finished_at = $5 WHERE lead_id = $1',
      [leadId, next.status, next.status === 'pending' ? next.at : finishedAt, record.error ?? null, next.status === 'pending' ? null : finishedAt],
    ],
  ];
}

/** Adds the rows `select` gives (day, type, story, source, campaign, count). */
export const countFrom = (select: string) => `${COUNTED} ${select} ${BUMP}`;
/** One more lead (`lead` or `spam`) or outbox entry (`pending`): $1 day, $2 type, $3 story, $4 source, $5 campaign. */
export const COUNT = countFrom('SELECT $1, $2, $3, $4, $5, 1 WHERE true');
export const countParams = (lead: StoredLead, type: DailyCount['type']) => [lead.receivedAt.slice(0, 10), type, lead.story, lead.utmSource, lead.utmCampaign];
/** One more beacon: under its own keys while the day has room for them, else under the day's `*` row. */
export const COUNT_EVENT = countFrom(`
  SELECT $1, $2, CASE WHEN k.fits THEN $3 ELSE '*' END, CASE WHEN k.fits THEN $4 ELSE '' END, CASE WHEN k.fits THEN $5 ELSE '' END, 1
  FROM (SELECT EXISTS (SELECT 1 FROM daily_counts WHERE day = $1 AND type = $2 AND story = $3 AND utm_source = $4 AND utm_campaign = $5)
    OR (SELECT count(*) FROM daily_counts WHERE day = $1) < ${COUNT_KEYS_PER_DAY} AS fits) k
  WHERE true`);
export const pruneEvents = (prune: { eventsBefore: number; countsBefore: string }): Step[] => [
  ['DELETE FROM events WHERE at < $1', [prune.eventsBefore]],
  ['DELETE FROM daily_counts WHERE day < $1', [prune.countsBefore]],
];
export const INSERT_EVENT = 'INSERT INTO events (id, type, at) VALUES ($1, $2, $3) ON CONFLICT (id, type) DO NOTHING';

/** Erases the leads `where` picks ($1), their counts taken back; the rest cascades. The last step's changes count them. */
const erase =
  (where: (table: string) => string) =>
  (value: string): Step[] => [
    [
      `UPDATE daily_counts SET count = count - g.n FROM (
        SELECT ${DAY} AS day, CASE WHEN l.spam THEN 'spam' ELSE 'lead' END AS type, l.story AS story, l.utm_source AS utm_source,
          l.utm_campaign AS utm_campaign, count(*) AS n FROM leads l WHERE ${where('l')} GROUP BY 1, 2, 3, 4, 5
        UNION ALL SELECT ${DAY}, d.status, l.story, l.utm_source, l.utm_campaign, count(*)
          FROM leads l JOIN deliveries d ON d.lead_id = l.id WHERE ${where('l')} GROUP BY 1, 2, 3, 4, 5
      ) g WHERE daily_counts.day = g.day AND daily_counts.type = g.type AND daily_counts.story = g.story
        AND daily_counts.utm_source = g.utm_source AND daily_counts.utm_campaign = g.utm_campaign`,
      [value],
    ],
    [
      `UPDATE destination_counts SET count = count - g.n FROM (
        SELECT d.adapter AS adapter, d.url AS url, d.status AS status, count(*) AS n FROM leads l JOIN deliveries d ON d.lead_id = l.id WHERE ${where('l')} GROUP BY 1, 2, 3
      ) g WHERE destination_counts.adapter = g.adapter AND destination_counts.url = g.url AND destination_counts.status = g.status`,
      [value],
    ],
    [`DELETE FROM leads WHERE ${where('leads')}`, [value]],
  ];
const forgetSteps = erase((table) => `lower(${table}.email) = lower($1)`);
const pruneSteps = erase((table) => `${table}.received_at < $1`);

const forgetKeys = (before: number): Step[] => [
  ['DELETE FROM idempotency_keys WHERE created_at < $1', [before]],
  ['DELETE FROM used_tokens WHERE used_at < $1', [before]],
];
const ADD_SECRET = 'INSERT INTO secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING';
const SECRET = 'SELECT value FROM secrets WHERE name = $1';
type Rows = (text: string, ...params: unknown[]) => Promise<Record<string, unknown>[]>;
type ExportRow = LeadRow & { seq: number | string; status: string | null; attempts: number | null; spam: number | boolean };
const EXPORT_PAGE = `SELECT l.seq, ${aliasedLeadColumns('l')}, l.spam, d.status, d.attempts
  FROM leads l LEFT JOIN deliveries d ON d.lead_id = l.id
  WHERE l.seq > $1 AND (NOT l.spam OR $2) ORDER BY l.seq LIMIT 500`;
const COUNTS = `SELECT day, type, story, utm_source AS "utmSource", utm_campaign AS "utmCampaign", count FROM daily_counts WHERE day >= $1 AND count > 0`;
const ATTEMPTS = 'SELECT attempt, started_at, duration_ms, outcome, http_status, error FROM delivery_attempts WHERE lead_id = $1 ORDER BY attempt';
const DELIVERED_SINCE = `SELECT count(*) AS n, min(a.started_at) AS oldest FROM delivery_attempts a JOIN deliveries d ON d.lead_id = a.lead_id
  WHERE a.outcome = 'delivered' AND a.started_at > $2 AND d.url = $1`;
/** Indexed by destination (migration 5): a few rows whatever the outbox holds. */
const NEXT_PENDING =
  "SELECT next_attempt_at, held, last_error FROM deliveries WHERE status = 'pending' AND url = $1 AND adapter = $2 ORDER BY next_attempt_at LIMIT 1";
const LATEST_FAILURES = `SELECT error, count(*) AS n, max(finished_at) AS last FROM (
    SELECT last_error AS error, finished_at FROM deliveries WHERE status = 'failed' AND url = $1 AND adapter = $2 ORDER BY finished_at DESC LIMIT 20
  ) f GROUP BY error ORDER BY last DESC`;

/** The claimed entries (`claim`'s rows) with their leads (`CLAIMED_LEADS`' rows). */
export const claimed = (entries: { lead_id: string; adapter: ForwardAdapter; url: string; attempts: number; created_at: unknown }[], leadRows: LeadRow[]) =>
  entries.flatMap((row): Delivery[] => {
    const lead = leadRows.find((candidate) => candidate.id === row.lead_id);
    return lead ? [{ lead: leadFromRow(lead), adapter: row.adapter, url: row.url, attempt: Number(row.attempts), createdAt: Number(row.created_at) }] : [];
  });

/** What both SQL stores do alike, from how each reads rows, runs steps in one transaction and cleans up after an erasure. */
export const sharedMethods = (rows: Rows, steps: (list: Step[]) => Promise<number>, afterErase: () => Promise<void>) =>
  ({
    async secret(name, create) {
      await steps([[ADD_SECRET, [name, create()]]]);
      return String((await rows(SECRET, name))[0]!.value);
    },
    async forget(email) {
      const erased = await steps(forgetSteps(email.trim()));
      await afterErase();
      return erased;
    },
    async prune(before) {
      const erased = await steps(pruneSteps(new Date(before).toISOString()));
      await afterErase();
      return erased;
    },
    recordAttempt: async (record) => void (await steps(recordAttempt(record))),
    forgetKeys: async (before) => void (await steps(forgetKeys(before))),
    hold: async (leadId, until, reason) => void (await steps([[HOLD, [leadId, until, reason]]])),
    stats: async () => ({ ...(await rows(STATS))[0] }) as LeadStats,
    async *exportLeads({ includeSpam = false } = {}) {
      for (let after = 0; ;) {
        const page = (await rows(EXPORT_PAGE, after, includeSpam)) as ExportRow[];
        if (page.length === 0) return;
        for (const row of page) {
          const forwardStatus = (row.status ?? 'none') as ExportedLead['forwardStatus'];
          yield { ...leadFromRow(row), forwardStatus, forwardAttempts: row.attempts ?? 0, spam: row.spam === true || row.spam === 1 } satisfies ExportedLead;
        }
        after = Number(page[page.length - 1]!.seq);
      }
    },
    // A key's row stays once back to 0 (a lead forwarded, one erased): only counts above 0 are read.
    counts: async (sinceDay) => (await rows(COUNTS, sinceDay)).map((row) => ({ ...(row as DailyCount), count: Number(row.count) })),
    async deliveredSince(url, since) {
      const [row] = await rows(DELIVERED_SINCE, url, since);
      return { count: Number(row?.n ?? 0), ...(row?.oldest == null ? {} : { oldest: Number(row.oldest) }) };
    },
    async destinations() {
      const found = new Map<string, DestinationHealth>();
      for (const row of await rows('SELECT adapter, url, status, count FROM destination_counts WHERE count > 0 ORDER BY url')) {
        const key = `${row.adapter} ${row.url}`;
        const health = found.get(key) ?? { adapter: row.adapter as ForwardAdapter, url: String(row.url), sent: 0, pending: 0, failed: 0, failures: [] };
        health[row.status === 'delivered' ? 'sent' : (row.status as 'pending' | 'failed')] = Number(row.count);
        found.set(key, health);
      }
      for (const health of found.values()) {
        const [next] = await rows(NEXT_PENDING, health.url, health.adapter);
        if (next)
          health.next = { at: Number(next.next_attempt_at), held: (next.held as string | null) ?? null, lastError: (next.last_error as string | null) ?? null };
        health.failures = (await rows(LATEST_FAILURES, health.url, health.adapter)).map((row) => ({ error: String(row.error ?? ''), count: Number(row.n) }));
      }
      return [...found.values()];
    },
    attempts: async (leadId) =>
      (await rows(ATTEMPTS, leadId)).map((row) => ({
        leadId,
        attempt: Number(row.attempt),
        startedAt: Number(row.started_at),
        durationMs: Number(row.duration_ms),
        outcome: row.outcome as 'delivered' | 'failed',
        ...(row.http_status === null ? {} : { httpStatus: Number(row.http_status) }),
        ...(row.error === null ? {} : { error: String(row.error) }),
      })),
  }) satisfies Partial<LeadStore>;
