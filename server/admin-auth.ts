/**
 * HTTP Basic for /admin: any user name, the password compared in constant time (both sides hashed
 * first, so `timingSafeEqual` gets equal lengths and the length leaks nothing). A client that fails
 * MAX_FAILURES times within the window is answered 429 until the window ends, right password or not.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { errorResponse } from './respond.js';

const MAX_FAILURES = 5;
const LOCKOUT_MS = 15 * 60 * 1000;

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** The password in an `Authorization: Basic` header, or undefined. */
function passwordOf(header: string | undefined): string | undefined {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header?.trim() ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? undefined : decoded.slice(colon + 1);
}

export function basicAuth(password: string, clientOf: (c: Context) => string, now: () => number = Date.now): MiddlewareHandler {
  const expected = digest(password);
  /** Failures per client address in the current window; in memory (a restart forgives). */
  const failures = new Map<string, { count: number; until: number }>();
  return async (c, next) => {
    const client = clientOf(c);
    const time = now();
    for (const [key, entry] of failures) if (entry.until <= time) failures.delete(key);
    const record = failures.get(client);
    if (record && record.count >= MAX_FAILURES) {
      const wait = Math.max(1, Math.ceil((record.until - time) / 1000));
      return errorResponse(429, 'rate_limited', `Too many wrong passwords; wait ${wait} s.`, { headers: { 'Retry-After': String(wait) } });
    }
    const given = passwordOf(c.req.header('authorization'));
    if (given !== undefined && timingSafeEqual(digest(given), expected)) return next();
    if (given !== undefined) failures.set(client, { count: (record?.count ?? 0) + 1, until: record?.until ?? time + LOCKOUT_MS });
    return errorResponse(401, 'unauthorized', 'Sign in with the ADMIN_PASSWORD (any user name).', {
      headers: { 'WWW-Authenticate': 'Basic realm="redcliffe-leads admin", charset="UTF-8"' },
    });
  };
}
