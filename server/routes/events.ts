/**
 * Story events: the element's `view` and `open` beacons (navigator.sendBeacon sends text/plain, or
 * a JSON Blob). The element posts them to its lead endpoint as text/plain (createLeadHandler counts
 * them there, so a host that mounts the handler in its own app counts them too); `serve` also
 * answers POST /api/story-events/. Counted per day, page, utm_source and utm_campaign; a duplicate
 * (same id and type) is dropped; a bad event answers 400 and counts nothing. Nothing about the
 * visitor is kept: no IP address (used only as the rate-limit key, in memory or the limiter table),
 * no user agent, no cookie.
 */
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { bodyLimit } from 'hono/body-limit';
import { httpUrl } from '../../src/shared/http-url.js';
import { errorName } from '../delivery.js';
import { errorResponse, unavailable } from '../respond.js';
import type { LeadStore, Logger, SharedRateLimiter, StoryEvent } from '../types.js';

const EVENTS_PATH = '/api/story-events/';
/** A beacon is a few hundred bytes; anything much bigger is not one. */
export const MAX_EVENT_BYTES = 4096;
/** Raw events (kept only to drop duplicates) are deleted after this long. */
const EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
const MAX_TEXT = 200;
/** Two beacons per page load; a client far past this many a minute is not a visitor. */
export const EVENT_RATE_LIMIT = { points: 30, durationSeconds: 60 } as const;

type Parsed = { ok: true; event: Omit<StoryEvent, 'day' | 'at'> } | { ok: false; message: string };

/** The event in a beacon's body, or why it is not one. */
function parseEvent(text: string): Parsed {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, message: 'Send the event as JSON.' };
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { ok: false, message: 'Send the event as a JSON object.' };
  // `event` is the name the element uses on the lead endpoint (beside a lead's `url` and `data`); `type` the older one.
  const { event, id, page_url: page = '', utm_source: source = '', utm_campaign: campaign = '' } = body as Record<string, unknown>;
  const type = event ?? (body as Record<string, unknown>).type;
  if (type !== 'view' && type !== 'open') return { ok: false, message: 'type must be view or open.' };
  if (typeof id !== 'string' || !/^[\w-]{8,64}$/.test(id))
    return { ok: false, message: 'id must be 8 to 64 letters, digits, - or _ (a random id per page load).' };
  if (typeof source !== 'string' || typeof campaign !== 'string' || source.length > MAX_TEXT || campaign.length > MAX_TEXT) {
    return { ok: false, message: `utm_source and utm_campaign must be text of at most ${MAX_TEXT} characters.` };
  }
  if (typeof page !== 'string' || page.length > 2048 || (page !== '' && !httpUrl(page))) {
    return { ok: false, message: 'page_url must be the absolute http(s) address of the page.' };
  }
  // Counted per page, not per address: the query string and fragment (which may carry anything,
  // an email included) are dropped; the utm values the marketer wants come in their own fields.
  const pageUrl = page === '' ? '' : `${new URL(page).origin}${new URL(page).pathname}`;
  return { ok: true, event: { type, id, pageUrl, utmSource: source.trim(), utmCampaign: campaign.trim() } };
}

/** The answer to an event past EVENT_RATE_LIMIT (from the lead endpoint or /api/story-events/ alike). */
export const eventsRateLimited = (retryAfterSeconds: number): Response =>
  errorResponse(429, 'rate_limited', `Too many events; wait ${retryAfterSeconds} s.`, { headers: { 'Retry-After': String(retryAfterSeconds) } });

/** The answer to an event over MAX_EVENT_BYTES. */
export const eventTooLarge = (): Response => errorResponse(413, 'payload_too_large', `Keep an event under ${MAX_EVENT_BYTES} bytes.`);

/** Whether `body` is a story event rather than a lead: the element sends events to the lead endpoint as text/plain. */
export function isEventContentType(value: string | null): boolean {
  return (value ?? '').split(';')[0]!.trim().toLowerCase() === 'text/plain';
}

/**
 * Counts one event whose body is `text` (already read, at most MAX_EVENT_BYTES): 204 counted or a
 * duplicate, 400 not an event, 503 the store failed. Rate limiting and the origin check come first.
 */
export async function countEvent(store: LeadStore, text: string, logger: Logger, now: () => number = Date.now): Promise<Response> {
  const parsed = parseEvent(text);
  if (!parsed.ok) return errorResponse(400, 'invalid_event', parsed.message);
  const at = now();
  try {
    await store.recordEvent({ ...parsed.event, at, day: new Date(at).toISOString().slice(0, 10) }, at - EVENT_RETENTION_MS);
  } catch (error) {
    logger.error('event not counted', { error: errorName(error) });
    return unavailable();
  }
  return new Response(null, { status: 204 });
}

export interface EventsRouteOptions {
  store: LeadStore;
  corsOrigins: string[];
  publicOrigin: string;
  limiter: SharedRateLimiter | undefined;
  clientOf: (c: Context) => string;
  logger: Logger;
  now?: () => number;
}

export function eventsRoute({ store, corsOrigins, publicOrigin, limiter, clientOf, logger, now = Date.now }: EventsRouteOptions) {
  const listed = new Set(corsOrigins);
  const app = new Hono();
  // The lead route's CORS rules: listed origins only (a JSON Blob beacon is preflighted).
  app.use(EVENTS_PATH, cors({ origin: (origin) => (listed.has(origin) ? origin : null), allowMethods: ['POST'], allowHeaders: ['Content-Type'], maxAge: 600 }));
  app.post(
    EVENTS_PATH,
    async (c, next) => {
      const origin = c.req.header('origin');
      if (origin === undefined || origin === 'null' || listed.has(origin) || origin === publicOrigin || origin === new URL(c.req.url).origin) return next();
      return errorResponse(403, 'origin_not_allowed', 'This site may not send events here: add its origin to CORS_ORIGINS.');
    },
    bodyLimit({ maxSize: MAX_EVENT_BYTES, onError: eventTooLarge }),
    async (c) => {
      try {
        const decision = limiter ? await limiter.consume(`events:${clientOf(c)}`) : { ok: true as const };
        if (!decision.ok) {
          return eventsRateLimited(decision.retryAfterSeconds);
        }
      } catch (error) {
        logger.error('rate limit unavailable', { error: errorName(error) });
        return unavailable();
      }
      const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (type !== 'text/plain' && type !== 'application/json') {
        return errorResponse(415, 'unsupported_media_type', 'Send the event as text/plain or application/json (navigator.sendBeacon does).');
      }
      return countEvent(store, await c.req.text(), logger, now);
    },
  );
  app.all(EVENTS_PATH, () => errorResponse(405, 'method_not_allowed', 'Send events with POST.', { headers: { Allow: 'POST, OPTIONS' } }));
  return app;
}
