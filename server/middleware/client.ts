/**
 * Who the client is, for every limiter and the /admin lockout. A proxy appends its peer to `X-Forwarded-For`; entries
 * left of that were written by the sender, so only the right-most ones, up to the first address that is not our proxy,
 * are facts. An untrusted peer's header is ignored.
 */
import ipaddr from 'ipaddr.js';

/** 127.0.0.0/8 and ::1: `serve`'s default `TRUST_PROXY`. */
export const LOOPBACK = 'loopback';
/** Every client without an IP address shares this key's allowance. */
export const UNKNOWN_CLIENT = 'unknown';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Four-part dotted IPv4 only (`127.1` is another spelling of an address), or IPv6, `::ffff:` ones read as IPv4. */
function parseAddress(text: string): Address | undefined {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (!ipaddr.IPv6.isValid(text)) return undefined;
  const v6 = ipaddr.IPv6.parse(text);
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
}

/** `4:1.2.3.4`, or an IPv6 address's /64 (`6:2001:db8:0:0`): one host usually holds a whole /64. */
export function clientKey(address: string | undefined): string {
  const parsed = address === undefined ? undefined : parseAddress(address.trim());
  if (!parsed) return UNKNOWN_CLIENT;
  if (parsed.kind() === 'ipv4') return `4:${parsed.toString()}`;
  return `6:${(parsed as ipaddr.IPv6).toNormalizedString().split(':').slice(0, 4).join(':')}`;
}

function rangesOf(entry: string): [Address, number][] {
  if (entry === LOOPBACK) return [ipaddr.parseCIDR('127.0.0.0/8'), ipaddr.parseCIDR('::1/128')];
  const [text = '', bits, ...rest] = entry.split('/');
  const address = parseAddress(text);
  const prefix = bits === undefined ? undefined : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
  const longest = address?.kind() === 'ipv4' ? 32 : 128;
  if (!address || rest.length > 0 || (prefix !== undefined && !(prefix <= longest)))
    throw new TypeError(`"${entry}" is not an IP address, a CIDR range such as 10.0.0.0/8, or ${LOOPBACK}`);
  return [[address, prefix ?? longest]];
}

export type ProxyTrust = ReturnType<typeof proxyTrust>;

/** Trust for `entries` (addresses, CIDR ranges, `loopback`); an empty list trusts no one. */
export function proxyTrust(entries: readonly string[]) {
  const ranges = entries.flatMap(rangesOf);
  const trusted = (address: string | undefined): boolean => {
    const parsed = address === undefined ? undefined : parseAddress(address.trim());
    return parsed !== undefined && ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range as never, bits));
  };
  return {
    trusts: trusted,
    /** The right-most forwarded address that is not a trusted proxy; `peer` itself when it is not one. */
    client(peer: string | undefined, forwardedFor: string | undefined): { address: string | undefined; ignoredHeader: boolean } {
      if (!forwardedFor) return { address: peer, ignoredHeader: false };
      if (!trusted(peer)) return { address: peer, ignoredHeader: true };
      const hops = forwardedFor.split(',').flatMap((hop) => hop.trim() || []);
      for (let i = hops.length - 1; i >= 0; i--) if (!trusted(hops[i])) return { address: hops[i], ignoredHeader: false };
      return { address: hops[0] ?? peer, ignoredHeader: false };
    },
  };
}
