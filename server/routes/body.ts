/** Reads a Request body as text without ever holding more than `maxBytes`: the one place a body is read. */

export type BodyResult = { ok: true; text: string } | { ok: false; reason: 'too_large' | 'unreadable' };

export async function readBody(request: Request, maxBytes: number): Promise<BodyResult> {
  const declared = request.headers.get('content-length');
  if (declared !== null && Number(declared) > maxBytes) return { ok: false, reason: 'too_large' };
  // A declared length bounds what the parser lets through: read whole, no web stream built (serve's hot path).
  if (declared !== null) {
    const buffer = await request.arrayBuffer().catch(() => undefined);
    return buffer ? decode(new Uint8Array(buffer), maxBytes) : { ok: false, reason: 'unreadable' };
  }
  if (!request.body) return { ok: true, text: '' };

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        void reader.cancel().catch(() => {});
        return { ok: false, reason: 'too_large' };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, reason: 'unreadable' }; // the client went away
  }

  return decode(new Uint8Array(await new Blob(chunks).arrayBuffer()), maxBytes);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decode(bytes: Uint8Array, maxBytes: number): BodyResult {
  if (bytes.byteLength > maxBytes) return { ok: false, reason: 'too_large' };
  try {
    return { ok: true, text: utf8.decode(bytes) };
  } catch {
    return { ok: false, reason: 'unreadable' };
  }
}

function isUtf8ContentType(value: string | null | undefined, type: string): boolean {
  const [given = '', ...params] = (value ?? '').split(';').map((part) => part.trim().toLowerCase());
  return given === type && params.every((param) => param === '' || /^charset="?utf-8"?$/.test(param));
}

export const isJsonContentType = (value: string | null | undefined): boolean => isUtf8ContentType(value, 'application/json');

export const isFormContentType = (value: string | null | undefined): boolean => isUtf8ContentType(value, 'application/x-www-form-urlencoded');
