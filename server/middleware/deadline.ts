/** One deadline per request: the rate limit, the store and every other awaited step share it. */
import type { MiddlewareHandler } from 'hono';
import type { Deadline, LeadEnv } from '../env.js';
import { withTimeout } from '../errors.js';

function deadlineOf(ms: number): Deadline {
  const end = Date.now() + ms;
  return { end, bound: (promise, what) => withTimeout(promise, Math.max(1, end - Date.now()), what) };
}

export const deadlineMiddleware =
  (ms: number): MiddlewareHandler<LeadEnv> =>
  async (c, next) => {
    c.set('deadline', deadlineOf(ms));
    await next();
  };
