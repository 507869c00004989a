/** The handler's options, checked once at creation: every bad value is a TypeError naming the option. */
import { httpUrl } from '../src/shared/http-url.js';
import { DELIVERY_DEFAULTS } from './crm/delivery.js';
import { isSubscriptionTypeId } from '../src/shared/hubspot-submission.js';
import { LEAD_COLUMNS, strayColumn } from './crm/adapter.js';
import { createAllowlist, FORWARD_ADAPTERS } from './crm/destinations.js';
import type { LeadHandlerOptions } from './options.js';
import type { Logger } from './types.js';
import { SPAM_CHALLENGES } from './spam/challenge.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export function leadConfig(options: LeadHandlerOptions) {
  const fail = (message: string) => {
    throw new TypeError(`createLeadHandler: ${message}`);
  };
  if (typeof options?.pdfUrl !== 'string' || options.pdfUrl === '') fail('options.pdfUrl must be a non-empty string');
  const positive = (value: number, name: string) => (value > 0 && Number.isFinite(value) ? value : fail(`${name} must be a positive number`));
  const atLeastADay = (value: number, name: string) =>
    positive(value, name) < DAY_MS && !options.allowShortTimes ? fail(`${name} must be at least 24 h (86400000 ms)`) : value;
  const oneOf = <T extends string>(value: T, allowed: readonly string[], name: string): T =>
    allowed.includes(value) ? value : fail(`${name} must be one of ${allowed.join(', ')} (got ${JSON.stringify(value)})`);
  const given = Object.fromEntries(Object.entries(options.delivery ?? {}).filter(([, value]) => value !== undefined));
  const delivery: typeof DELIVERY_DEFAULTS & NonNullable<LeadHandlerOptions['delivery']> = { ...DELIVERY_DEFAULTS, ...given };
  const spamChallenge = options.spamChallenge || undefined;
  const rate = options.rateLimit || {};
  const adapter = oneOf(delivery.adapter ?? 'json', FORWARD_ADAPTERS, 'delivery.adapter');
  const { hubspotToken, hubspotSubscriptionTypeId, salesforce, marketo } = delivery;
  if (hubspotSubscriptionTypeId !== undefined && !isSubscriptionTypeId(hubspotSubscriptionTypeId))
    fail(`delivery.hubspotSubscriptionTypeId must be digits (got ${JSON.stringify(hubspotSubscriptionTypeId)})`);
  if (salesforce?.dailyLimit !== undefined && !Number.isInteger(positive(salesforce.dailyLimit, 'delivery.salesforce.dailyLimit')))
    fail('delivery.salesforce.dailyLimit must be a whole number');
  for (const name of ['salesforce', 'marketo'] as const) {
    const stray = strayColumn(delivery[name]?.fields);
    if (stray) fail(`delivery.${name}.fields maps "${stray}", which is not a lead column (${LEAD_COLUMNS})`);
  }
  const settings = { hubspotToken: hubspotToken || undefined, hubspotSubscriptionTypeId, salesforce, marketo };
  let destinationOf;
  try {
    destinationOf = createAllowlist(options.forwardAllowlist ?? [], adapter, settings);
  } catch (error) {
    return fail(`forwardAllowlist entry ${(error as Error).message}`);
  }
  return {
    /** As configured: resolved against publicOrigin or the request URL only when answering. */
    pdfUrl: options.pdfUrl,
    pdfUrlOf: (story: string) => (options.storyPdfUrls && Object.hasOwn(options.storyPdfUrls, story) ? options.storyPdfUrls[story]! : options.pdfUrl),
    publicOrigin: options.publicOrigin === undefined ? undefined : originOf(options.publicOrigin, 'options.publicOrigin', { path: 'ignored' }),
    logger: options.logger ?? (console as Logger),
    now: options.now ?? Date.now,
    fetch: options.fetch ?? (((...args) => fetch(...args)) as typeof fetch),
    maxBodyBytes: options.maxBodyBytes ?? 16 * 1024,
    requestTimeoutMs: positive(options.storeTimeoutMs ?? 5000, 'storeTimeoutMs'),
    /** The listed destination a lead's `url` names, with its CRM; undefined for any other. */
    destinationOf,
    corsOrigins: (options.corsOrigins ?? []).map((value) => originOf(value, 'each corsOrigins entry')),
    formOrigins: (options.formOrigins ?? []).map((value) => originOf(value, 'each formOrigins entry')),
    ttlMs: atLeastADay(options.idempotency?.ttlMs ?? DAY_MS, 'idempotency.ttlMs'),
    /** Off, or on with a secret (undefined: the store keeps one). */
    botCheck: options.botCheck || spamChallenge ? { secret: (typeof options.botCheck === 'object' && options.botCheck.secret) || undefined } : (false as const),
    spamChallenge: spamChallenge && oneOf(spamChallenge, SPAM_CHALLENGES, 'spamChallenge'),
    rateLimit:
      options.rateLimit === false
        ? undefined
        : { points: positive(rate.points ?? 10, 'rateLimit.points'), durationSeconds: positive(rate.durationSeconds ?? 10, 'rateLimit.durationSeconds') },
    delivery: {
      timeoutMs: positive(delivery.timeoutMs, 'delivery.timeoutMs'),
      initialDelayMs: positive(delivery.initialDelayMs, 'delivery.initialDelayMs'),
      maxDelayMs: positive(delivery.maxDelayMs, 'delivery.maxDelayMs'),
      giveUpAfterMs: atLeastADay(delivery.giveUpAfterMs, 'delivery.giveUpAfterMs'),
      pollMs: positive(delivery.pollMs, 'delivery.pollMs'),
      concurrency: positive(delivery.concurrency, 'delivery.concurrency'),
      loop: delivery.loop !== false,
      settings: { ...settings, listed: destinationOf.listed },
    },
  };
}

/** An absolute http(s) origin, or a TypeError saying what to pass; a path only with `path: 'ignored'` (a site's URL as its origin). */
export function originOf(value: string, name: string, { path = 'refused' }: { path?: 'refused' | 'ignored' } = {}): string {
  const url = httpUrl(value);
  if (!url || url.origin === 'null' || (path === 'refused' && url.href !== `${url.origin}/`))
    throw new TypeError(`createLeadHandler: ${name} must be an absolute http(s) origin such as "https://www.example.com" (got ${JSON.stringify(value)})`);
  return url.origin;
}
