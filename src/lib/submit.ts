import { retryAfterMs } from '../shared/retry-after.js';
import { anySignal } from './abort-signals.js';
import { FETCHING } from './fetching.js';
import { newIdempotencyKey } from './idempotency.js';

/**
 * POST a JSON body with retries (the spec: 3 retries, delay doubling from 1 s up to 30 s).
 * Transient failures (network error, attempt time-out, 408, 429, 502, 503, 504) are retried; every
 * attempt carries the same Idempotency-Key, so a retry of a request the server did receive creates
 * no second lead. Each attempt times out at 15 s and the whole submission gives up after 30 s.
 */

export interface RetryPolicy {
  retries: number;
  initialDelayMs: number;
  maxDelayMs: number;
  attemptTimeoutMs: number;
  totalBudgetMs: number;
}

/** Everything time- or network-related, injectable so tests run on fake timers and a fake fetch. */
export interface SubmitEnvironment {
  fetch(input: string, init: RequestInit): Promise<Response>;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  now(): number;
  /** A signal that aborts with a `TimeoutError` after `ms` (default `AbortSignal.timeout`). */
  timeout(ms: number): AbortSignal;
  newKey(): string;
}

const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 502, 503, 504]);

export const submitEnvironment: SubmitEnvironment = {
  // Looked up on every call, so a fetch replaced after this module loaded (a test stub) is used.
  fetch: (input, init) => globalThis.fetch(input, init),
  sleep,
  now: () => Date.now(),
  timeout: (ms) => AbortSignal.timeout(ms),
  newKey: newIdempotencyKey,
};

/** Why a submission ended without an answer. */
export class SubmitError extends Error {
  override name = 'SubmitError';
  constructor(
    message: string,
    readonly reason: 'network' | 'timeout' | 'aborted',
  ) {
    super(message);
  }
}

/** Delay before retry number `retry` (0-based): 1 s, 2 s, 4 s, … capped at 30 s. */
export function submitRetryDelay(retry: number, policy: RetryPolicy = FETCHING): number {
  return Math.min(policy.initialDelayMs * 2 ** retry, policy.maxDelayMs);
}

export interface PostOptions {
  env?: Partial<SubmitEnvironment>;
  policy?: RetryPolicy;
  /** Aborts the whole submission (in addition to the 30 s budget). */
  signal?: AbortSignal;
  /** Sends an `Idempotency-Key` header (default). Off for an endpoint whose CORS does not allow it (HubSpot's). */
  idempotencyKey?: boolean;
}

/**
 * Resolves with the last answer (OK or not: the caller reads the status), or rejects with a
 * SubmitError when no answer came (network error or time-out on the last attempt, budget spent,
 * aborted).
 */
export async function postJson(url: string, body: unknown, options: PostOptions = {}): Promise<Response> {
  const env = { ...submitEnvironment, ...options.env };
  const policy = options.policy ?? FETCHING;
  const key = env.newKey();
  const json = JSON.stringify(body);
  const deadline = env.now() + policy.totalBudgetMs;
  const budget = env.timeout(policy.totalBudgetMs);
  const overall = options.signal ? anySignal([budget, options.signal]) : budget;
  const stopped = () =>
    isTimeout(overall.reason) || !options.signal?.aborted
      ? new SubmitError(`gave up after ${policy.totalBudgetMs / 1000} s`, 'timeout')
      : new SubmitError('aborted', 'aborted');

  for (let attempt = 0; ; attempt++) {
    let last: Response | SubmitError;
    try {
      const response = await env.fetch(url, {
        method: 'POST',
        headers: options.idempotencyKey === false ? { 'Content-Type': 'application/json' } : { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: json,
        signal: anySignal([overall, env.timeout(policy.attemptTimeoutMs)]),
      });
      if (!RETRYABLE_STATUSES.has(response.status)) return response;
      last = response;
    } catch (error) {
      if (overall.aborted) throw stopped();
      last = isTimeout(error) ? new SubmitError(`timed out after ${policy.attemptTimeoutMs / 1000} s`, 'timeout') : new SubmitError('network error', 'network');
    }

    const wait =
      (last instanceof Response && (last.status === 429 || last.status === 503)
        ? retryAfterMs(last.headers.get('Retry-After'), env.now(), policy.maxDelayMs)
        : undefined) ?? submitRetryDelay(attempt, policy);
    // Out of retries, or the wait would end past the budget: give up now rather than sleep for nothing.
    if (attempt >= policy.retries || env.now() + wait >= deadline) {
      if (last instanceof Response) return last;
      throw last;
    }
    if (last instanceof Response) void last.body?.cancel().catch(() => {});
    try {
      await env.sleep(wait, overall);
    } catch {
      throw stopped();
    }
  }
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError';
}

/** `setTimeout` as a promise that rejects when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
