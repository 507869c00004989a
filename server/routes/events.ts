/**
 * The element's `view` and `open` beacons (text/plain: sendBeacon's, without a preflight), counted per day, story,
 * source and campaign, only for pages on the embedding sites; nothing about the visitor is kept.
 */
import { DEFAULT_STORY_ID, isStoryId } from '../../src/shared/story-id.js';
import type { LeadContext } from '../env.js';
import { errorName } from '../errors.js';
import { fromAllowedOrigin, originOfUrl } from '../middleware/origin.js';
import { errorResponse, tooManyRequests, unavailable } from '../respond.js';
import type { StoryEvent } from '../types.js';
import { readBody } from './body.js';
import { spent } from './steps.js';
import { isPlainObject } from './validate.js';

const MAX_EVENT_BYTES = 4096;
const MAX_TEXT = 200;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Raw events only drop duplicates; counts last /admin's longest period. */
const EVENTS_KEPT_MS = 30 * DAY_MS;
const COUNTS_KEPT_MS = 90 * DAY_MS;

export const isEventContentType = (value: string | undefined): boolean => (value ?? '').split(';')[0]!.trim().toLowerCase() === 'text/plain';

type Parsed = { ok: true; event: Omit<StoryEvent, 'day' | 'at'>; page: string } | { ok: false; message: string };

function parseEvent(text: string): Parsed {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { ok: false, message: 'Send the event as JSON.' };
  }
  if (!isPlainObject(body)) return { ok: false, message: 'Send the event as a JSON object.' };
  const { event: type, id, page_url: page, story = DEFAULT_STORY_ID, utm_source: source = '', utm_campaign: campaign = '' } = body;
  if (type !== 'view' && type !== 'open') return { ok: false, message: 'event must be view or open.' };
  if (typeof id !== 'string' || !/^[\w-]{8,64}$/.test(id))
    return { ok: false, message: 'id must be 8 to 64 letters, digits, - or _ (a random id per page load).' };
  if (typeof story !== 'string' || !isStoryId(story)) return { ok: false, message: 'story must be a story id (lower-case letters, digits and hyphens).' };
  if (typeof source !== 'string' || typeof campaign !== 'string' || source.length > MAX_TEXT || campaign.length > MAX_TEXT)
    return { ok: false, message: `utm_source and utm_campaign must be text of at most ${MAX_TEXT} characters.` };
  if (typeof page !== 'string' || page.length > 2048 || !originOfUrl(page))
    return { ok: false, message: 'page_url must be the absolute http(s) address of the page.' };
  return { ok: true, event: { type, id, story, utmSource: source.trim(), utmCampaign: campaign.trim() }, page };
}

export async function countEvent(c: LeadContext): Promise<Response> {
  const { services, deadline } = c.var;
  const { config } = services;
  const sites = [...config.corsOrigins, config.publicOrigin];
  const refused = () => errorResponse(403, 'origin_not_allowed', 'Views are counted only on the sites in CORS_ORIGINS (corsOrigins) and PUBLIC_ORIGIN.');
  if (!fromAllowedOrigin(c, sites)) return refused();
  const limited = await spent(c, 'event');
  if (limited === 'unavailable') return unavailable();
  if (limited) return tooManyRequests(limited.retryAfterSeconds, `Too many events; wait ${limited.retryAfterSeconds} s.`);
  const body = await readBody(c.req.raw, MAX_EVENT_BYTES);
  if (!body.ok)
    return body.reason === 'too_large'
      ? errorResponse(413, 'payload_too_large', `Keep an event under ${MAX_EVENT_BYTES} bytes.`)
      : errorResponse(400, 'invalid_event', 'Send the event as UTF-8 JSON.');
  const parsed = parseEvent(body.text);
  if (!parsed.ok) return errorResponse(400, 'invalid_event', parsed.message);
  const page = originOfUrl(parsed.page)!;
  if (page !== new URL(c.req.url).origin && !sites.includes(page)) return refused();
  const at = config.now();
  const event: StoryEvent = { ...parsed.event, at, day: new Date(at).toISOString().slice(0, 10) };
  try {
    const prune = { eventsBefore: at - EVENTS_KEPT_MS, countsBefore: new Date(at - COUNTS_KEPT_MS).toISOString().slice(0, 10) };
    await deadline.bound(services.recordEvent(event, prune), 'counting the event');
  } catch (error) {
    config.logger.error('event not counted', { error: errorName(error) });
    return unavailable();
  }
  return new Response(null, { status: 204 });
}
