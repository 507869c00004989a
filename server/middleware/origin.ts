/**
 * The one origin rule, for every post a browser can be made to send: leads, the no-JS form, the
 * view and open beacons and /admin's erasure. A browser says where a post comes from in `Origin`;
 * a page it hides its origin from (a sandboxed frame, a `no-referrer` form) sends `Origin: null`,
 * which passes only on the browser's word that it is this very site (`Sec-Fetch-Site: same-origin`).
 * No `Origin` at all is not a browser's post unless `Sec-Fetch-Site` says it is from another site.
 */
import { cors } from 'hono/cors';
import type { Context } from 'hono';

/** How long a browser may cache a preflight answer (seconds). */
const PREFLIGHT_MAX_AGE = 600;

/** The origin of `url` when it is an http(s) address, else undefined. */
export function originOfUrl(url: string): string | undefined {
  try {
    const { origin, protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the request may come from where it says: its own origin, or one of `allowed` (the sites
 * that embed the element, the public origin).
 */
export function fromAllowedOrigin(c: Context, allowed: readonly (string | undefined)[]): boolean {
  const origin = c.req.header('origin');
  const site = c.req.header('sec-fetch-site');
  if (origin === undefined) return site === undefined || site === 'same-origin' || site === 'none';
  if (origin === 'null') return site === 'same-origin';
  return origin === new URL(c.req.url).origin || allowed.includes(origin);
}

/** CORS for the listed origins only: posts with `Content-Type` and `Idempotency-Key`, the spam token's GET. */
export const corsFor = (listed: readonly string[]) =>
  cors({
    origin: (origin) => (listed.includes(origin) ? origin : null),
    allowMethods: ['POST'],
    allowHeaders: ['Content-Type', 'Idempotency-Key'],
    maxAge: PREFLIGHT_MAX_AGE,
  });
