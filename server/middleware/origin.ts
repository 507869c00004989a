/**
 * The one origin rule for every post a browser can be made to send. `Origin: null` (a sandboxed frame) passes only with
 * `Sec-Fetch-Site: same-origin`; no `Origin` is not a browser's post unless `Sec-Fetch-Site` says another site's.
 */
import { cors } from 'hono/cors';
import type { Context } from 'hono';

export function originOfUrl(url: string): string | undefined {
  try {
    const { origin, protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? origin : undefined;
  } catch {
    return undefined;
  }
}

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
    maxAge: 600,
  });
