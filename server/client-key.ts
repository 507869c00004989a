/**
 * The rate-limit key for a client address. One person must not get a fresh allowance per address
 * they can pick: an IPv6 host usually holds a whole /64, and `::ffff:1.2.3.4` is `1.2.3.4`.
 */
import ipaddr from 'ipaddr.js';

/** Key for anything that is not an IP address: every such client shares one allowance. */
export const UNKNOWN_CLIENT = 'unknown';

/** `4:1.2.3.4`, `6:2001:db8:0:0` (the /64), or UNKNOWN_CLIENT. */
export function clientKey(address: string | undefined): string {
  if (!address) return UNKNOWN_CLIENT;
  // Only the four-part dotted form: `1.2.3` or `0x7f.1` are other spellings of some address.
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return `4:${ipaddr.IPv4.parse(address).toString()}`;
  if (!ipaddr.IPv6.isValid(address)) return UNKNOWN_CLIENT;
  const v6 = ipaddr.IPv6.parse(address);
  if (v6.isIPv4MappedAddress()) return `4:${v6.toIPv4Address().toString()}`;
  return `6:${v6.parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}`;
}
