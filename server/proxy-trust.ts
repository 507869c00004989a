/**
 * Which peers may say who the client is. A proxy appends the address it received the request from
 * to `X-Forwarded-For`; anything to the left of that was written by whoever sent the request, so
 * only the right-most entries, up to the first address that is not one of our proxies, are facts.
 * A peer that is not a trusted proxy is the client itself: its header is ignored (and counted, so
 * an operator learns that a proxy in front is missing from `TRUST_PROXY`).
 */
import ipaddr from 'ipaddr.js';

/** The word for 127.0.0.0/8 and ::1 (a proxy on the same host): `TRUST_PROXY`'s default for `serve`. */
export const LOOPBACK = 'loopback';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

export interface ProxyTrust {
  /** Whether `peer` (a socket's remote address) is one of the trusted proxies. */
  trusts(peer: string | undefined): boolean;
  /**
   * The client's address: `peer` when it is not a trusted proxy (the header ignored), else the
   * right-most `X-Forwarded-For` entry that is not a trusted proxy (the left-most when all are).
   * `ignoredHeader` is true when an untrusted peer sent the header.
   */
  client(peer: string | undefined, forwardedFor: string | undefined): { address: string | undefined; ignoredHeader: boolean };
}

/** An address as ipaddr.js parses it, IPv4-mapped IPv6 as IPv4; undefined when it is not one. */
function parse(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (!ipaddr.isValid(address)) return undefined;
  const parsed = ipaddr.parse(address);
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
}

/** One `TRUST_PROXY` entry as ranges; throws a TypeError naming a bad one. */
function rangesOf(entry: string): Range[] {
  if (entry === LOOPBACK) return [ipaddr.parseCIDR('127.0.0.0/8'), ipaddr.parseCIDR('::1/128')];
  if (entry.includes('/')) {
    try {
      return [ipaddr.parseCIDR(entry)];
    } catch {
      throw new TypeError(`"${entry}" is not a CIDR range such as 10.0.0.0/8`);
    }
  }
  const address = parse(entry);
  if (!address) throw new TypeError(`"${entry}" is not an IP address`);
  return [[address, address.kind() === 'ipv4' ? 32 : 128]];
}

/** Trust for `entries` (addresses, CIDR ranges, `loopback`); an empty list trusts no one. */
export function proxyTrust(entries: readonly string[]): ProxyTrust {
  const ranges = entries.flatMap(rangesOf);
  const trusted = (address: string | undefined): boolean => {
    const parsed = address === undefined ? undefined : parse(address.trim());
    return parsed !== undefined && ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range as never, bits));
  };
  return {
    trusts: trusted,
    client(peer, forwardedFor) {
      if (!forwardedFor) return { address: peer, ignoredHeader: false };
      if (!trusted(peer)) return { address: peer, ignoredHeader: true };
      const hops = forwardedFor
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      for (let i = hops.length - 1; i >= 0; i--) {
        if (!trusted(hops[i])) return { address: hops[i], ignoredHeader: false };
      }
      return { address: hops[0] ?? peer, ignoredHeader: false };
    },
  };
}
