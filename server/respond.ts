/** The server's answers: JSON, never cached; and what its HTML pages share. */
import { colors, fontFamily } from '../src/shared/theme.js';

export type ErrorCode =
  | 'method_not_allowed'
  | 'rate_limited'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'invalid_json'
  | 'invalid_idempotency_key'
  | 'invalid_lead'
  | 'invalid_event'
  | 'invalid_days'
  | 'unauthorized'
  | 'idempotency_key_reused'
  | 'origin_not_allowed'
  | 'service_unavailable'
  | 'internal_error';

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const always = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
  return new Response(JSON.stringify(body), { status, headers: { ...always, ...headers } });
}

type ErrorExtra = { fields?: Record<string, string>; headers?: Record<string, string> };

export function errorResponse(status: number, error: ErrorCode, message: string, { fields, headers }: ErrorExtra = {}): Response {
  return json(status, fields ? { error, message, fields } : { error, message }, headers);
}

export const tooManyRequests = (seconds: number, message: string): Response =>
  errorResponse(429, 'rate_limited', message, { headers: { 'Retry-After': String(seconds) } });

export const methodNotAllowed = (): Response => errorResponse(405, 'method_not_allowed', 'Send the lead with POST.', { headers: { Allow: 'POST' } });

/** A bug: logged by the caller, never said in detail. */
export const internalError = (): Response => errorResponse(500, 'internal_error', 'Something went wrong on our side. Please try again.');

export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

/** A transient fault: the element retries it after Retry-After. */
export const unavailable = (): Response =>
  errorResponse(503, 'service_unavailable', 'The lead could not be saved just now. Please try again in a moment.', {
    headers: { 'Retry-After': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
  });

/** An HTML page, never cached; `headers` carry its Content-Security-Policy. */
export const htmlResponse = (html: string, status: number, headers: Record<string, string>): Response =>
  new Response(html, {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', ...headers },
  });

/** `'sha256-…'` of `text`, for a CSP allowing exactly that inline style or script. */
export async function cspHash(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return `'sha256-${btoa(String.fromCharCode(...digest))}'`;
}

export const BASE_STYLE = `
body { margin: 0; font: 100%/1.55 ${fontFamily}; color: ${colors.ink}; background: ${colors.white}; }
a:focus-visible, button:focus-visible, input:focus-visible { outline: 3px solid ${colors.focus}; outline-offset: 2px; }
button { min-height: 2.75em; padding: .7em 1.4em; font: inherit; font-weight: 700; color: ${colors.white}; background: ${colors.brandDeep}; border: 0; border-radius: 999px; cursor: pointer; }
@media (forced-colors: active) { button { border: 1px solid ButtonText; } }`;
