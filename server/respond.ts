/** Builds the handler's answers: always JSON, never cached. */

export type ErrorCode =
  | 'method_not_allowed'
  | 'rate_limited'
  | 'unsupported_media_type'
  | 'payload_too_large'
  | 'invalid_json'
  | 'invalid_idempotency_key'
  | 'invalid_lead'
  | 'internal_error';

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    },
  });
}

export function errorResponse(
  status: number,
  error: ErrorCode,
  message: string,
  extra: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
): Response {
  const body = extra.fields ? { error, message, fields: extra.fields } : { error, message };
  return json(status, body, extra.headers);
}
