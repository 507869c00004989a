/**
 * Who the client is, once for every limiter and the /admin lockout: its address (from the socket,
 * or from `X-Forwarded-For` when a trusted proxy wrote it) and the key it is counted under.
 *
 * A proxy appends the address it received the request from to `X-Forwarded-For`; anything to the
 * left of that was written by whoever sent the request, so only the right-most entries, up to the
 * first address that is not one of our proxies, are facts. A peer that is not a trusted proxy is the
 * client itself: its header is ignored (and counted, so an operator learns that a proxy in front is
 * missing from `TRUST_PROXY`).
 */
import ipaddr from 'ipaddr.js';
import type { MiddlewareHandler } from 'hono';
import type { LeadEnv } from '../env.js';

/** The word for 127.0.0.0/8 and ::1 (a proxy on the same host): `TRUST_PROXY`'s default for `serve`. */
export const LOOPBACK = 'loopback';
/** Key for anything that is not an IP address: every such client shares one allowance. */
export const UNKNOWN_CLIENT = 'unknown';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * An IP address as written in a socket, a header or `TRUST_PROXY`: dotted IPv4 in its four-part
 * form only (`1`, `127.1` or `0x7f.1` are other spellings some parsers accept), or IPv6, an
 * IPv4-mapped one (`::ffff:1.2.3.4`) read as the IPv4 address it carries.
 */
function parseAddress(text: string): Address | undefined {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (!ipaddr.IPv6.isValid(text)) return undefined;
  const v6 = ipaddr.IPv6.parse(text);
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
}

/**
 * The key a client is counted under: `4:1.2.3.4`, or `6:2001:db8:0:0` for an IPv6 address (its
 * /64: one host usually holds a whole /64, so it must not get a fresh allowance per address).
 */
export function clientKey(address: string | undefined): string {
  const parsed = address === undefined ? undefined : parseAddress(address.trim());
  if (!parsed) return UNKNOWN_CLIENT;
  if (parsed.kind() === 'ipv4') return `4:${parsed.toString()}`;
  return `6:${(parsed as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}`;
}

/** Sets `c.var.client` from the address `addressOf` finds for the request. */
export const clientMiddleware =
  (addressOf: (c: Parameters<MiddlewareHandler<LeadEnv>>[0]) => string | undefined): MiddlewareHandler<LeadEnv> =>
  async (c, next) => {
    c.set('client', clientKey(addressOf(c)));
    await next();
  };

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

/** One `TRUST_PROXY` entry as ranges; throws a TypeError naming a bad one. */
function rangesOf(entry: string): [Address, number][] {
  if (entry === LOOPBACK) return [ipaddr.parseCIDR('127.0.0.0/8'), ipaddr.parseCIDR('::1/128')];
  const [text = '', bits, ...rest] = entry.split('/');
  const address = parseAddress(text);
  const prefix = bits === undefined ? undefined : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
  const longest = address?.kind() === 'ipv4' ? 32 : 128;
  if (!address || rest.length > 0 || (prefix !== undefined && !(prefix <= longest))) {
    throw new TypeError(`"${entry}" is not an IP address, a CIDR range such as 10.0.0.0/8, or ${LOOPBACK}`);
  }
  return [[address, prefix ?? longest]];
}

/** Trust for `entries` (addresses, CIDR ranges, `loopback`); an empty list trusts no one. */
export function proxyTrust(entries: readonly string[]): ProxyTrust {
  const ranges = entries.flatMap(rangesOf);
  const trusted = (address: string | undefined): boolean => {
    const parsed = address === undefined ? undefined : parseAddress(address.trim());
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
