/**
 * HTTP Basic for /admin: any user name, the password compared in constant time (both hashed, so
 * the length leaks nothing). Past MAX_FAILURES wrong ones from a client key, or MAX_ALL_FAILURES
 * from all, every sign-in answers 429 until the window ends. In memory, bounded by MAX_ALL_FAILURES.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { tooManyRequests, errorResponse } from '../respond.js';
import type { Logger } from '../types.js';

const MAX_FAILURES = 5;
/** For guesses spread over many addresses (a botnet). */
const MAX_ALL_FAILURES = 30;
const LOCKOUT_MS = 15 * 60 * 1000;

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

function passwordOf(header: string | undefined): string | undefined {
  const match = /^Basic ([A-Za-z0-9+/=]+)$/i.exec(header?.trim() ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon === -1 ? undefined : decoded.slice(colon + 1);
}

export function basicAuth(password: string, logger: Logger, now: () => number = Date.now): MiddlewareHandler<{ Variables: { client: string } }> {
  const expected = digest(password);
  /** Oldest first. */
  let failures: { at: number; client: string }[] = [];
  return async (c, next) => {
    const time = now();
    failures = failures.filter((failure) => failure.at > time - LOCKOUT_MS);
    const client = c.var.client;
    const mine = failures.filter((failure) => failure.client === client);
    const locked = mine.length >= MAX_FAILURES ? mine[0] : failures.length >= MAX_ALL_FAILURES ? failures[0] : undefined;
    if (locked) {
      const wait = Math.max(1, Math.ceil((locked.at + LOCKOUT_MS - time) / 1000));
      return tooManyRequests(wait, `Too many wrong passwords; wait ${wait} s.`);
    }
    const given = passwordOf(c.req.header('authorization'));
    if (given !== undefined && timingSafeEqual(digest(given), expected)) return next();
    if (given !== undefined) {
      failures.push({ at: time, client });
      if (failures.length === MAX_ALL_FAILURES)
        logger.warn(`/admin: ${MAX_ALL_FAILURES} wrong passwords in 15 minutes; every sign-in waits until they age out`);
    }
    return errorResponse(401, 'unauthorized', 'Sign in with the ADMIN_PASSWORD (any user name).', {
      headers: { 'WWW-Authenticate': 'Basic realm="redcliffe-leads admin", charset="UTF-8"' },
    });
  };
}
