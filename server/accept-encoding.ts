/**
 * Which of the build's compressed copies a request may get, from its `Accept-Encoding`
 * (RFC 9110 §12.5.3): brotli when accepted, else gzip, else none. An encoding listed with `q=0` is
 * refused; `*` stands for any encoding not listed.
 */
export type Encoding = 'br' | 'gzip';

export function preferredEncoding(header: string | null | undefined): Encoding | undefined {
  if (!header) return undefined;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const accepted = (name: Encoding) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (accepted('br')) return 'br';
  if (accepted('gzip')) return 'gzip';
  return undefined;
}
