// Which addresses a webhook may be posted to: never loopback, private, shared (CGNAT), link-local,
// cloud metadata, unspecified, multicast or reserved ranges, nor IPv6 forms that embed such an
// IPv4 address; except ranges the operator allows (WEBHOOK_ALLOW_PRIVATE) for receivers on their
// own network. Checked on the resolved address of every hop, never on a name.
import { BlockList, isIP } from 'node:net';

const BLOCKED_V4: [string, number][] = [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (CGNAT)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
];

const BLOCKED_V6: [string, number][] = [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['64:ff9b:1::', 48], // local-use IPv4/IPv6 translation
  ['100::', 64], // discard-only
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, …)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (fd00:ec2::254, a cloud metadata address, is in here)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
];

/** Cloud metadata services (IPv6 written in full): refused even when the operator allows their range. */
const METADATA = new Set(['169.254.169.254', 'fd00:ec2:0:0:0:0:0:254']);

function blockList(ranges: [string, number][], type: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList();
  for (const [net, prefix] of ranges) list.addSubnet(net, prefix, type);
  return list;
}

const blockedV4 = blockList(BLOCKED_V4, 'ipv4');
const blockedV6 = blockList(BLOCKED_V6, 'ipv6');

export interface AddressPolicy {
  /** null when the address may be posted to; otherwise why not (for the delivery's error). */
  refusal(address: string): string | null;
  /** Whether any range is allowed beyond the public internet (then http:// is accepted for those). */
  readonly allowsPrivate: boolean;
  /** Whether this address is public, or in an allowed range (http:// only for the latter). */
  isAllowedPrivate(address: string): boolean;
}

/** 'WEBHOOK_ALLOW_PRIVATE=127.0.0.0/8, 10.0.0.0/8, ::1' → the policy; throws on a malformed range. */
export function createAddressPolicy(allowPrivate: string): AddressPolicy {
  const allowed = new BlockList();
  let any = false;
  for (const raw of allowPrivate.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [net = '', bits] = raw.split('/');
    const family = isIP(net);
    if (!family) throw new Error(`WEBHOOK_ALLOW_PRIVATE: '${raw}' is not an IP address or CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    const prefix = bits === undefined ? (family === 4 ? 32 : 128) : Number(bits);
    if (!/^\d+$/.test(bits ?? '0') || prefix > (family === 4 ? 32 : 128)) throw new Error(`WEBHOOK_ALLOW_PRIVATE: bad prefix in '${raw}'`);
    allowed.addSubnet(net, prefix, type);
    any = true;
  }
  const inAllowed = (ip: Canonical) => allowed.check(ip.address, ip.type);
  return {
    allowsPrivate: any,
    refusal(address) {
      const ip = canonical(address);
      if (!ip) return `not an IP address: ${address}`;
      if (METADATA.has(ip.address)) return `${address} is a cloud metadata address`;
      if (!isBlocked(ip) || inAllowed(ip)) return null;
      return `${address} is a private, loopback, link-local or reserved address`;
    },
    isAllowedPrivate(address) {
      const ip = canonical(address);
      return ip !== null && !METADATA.has(ip.address) && inAllowed(ip);
    },
  };
}

interface Canonical {
  address: string;
  type: 'ipv4' | 'ipv6';
}

function isBlocked(ip: Canonical): boolean {
  return ip.type === 'ipv4' ? blockedV4.check(ip.address, 'ipv4') : blockedV6.check(ip.address, 'ipv6');
}

/**
 * The address as it will be reached: an IPv6 form that carries an IPv4 address (mapped
 * ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) becomes that IPv4 address, so it is
 * judged by the IPv4 rules; zone ids and brackets are dropped, other IPv6 addresses are written
 * in full (eight words, no ::). null when not an address.
 */
export function canonical(address: string): Canonical | null {
  let v = address.trim().replace(/^\[|\]$/g, '');
  const zone = v.indexOf('%');
  if (zone >= 0) v = v.slice(0, zone);
  const family = isIP(v);
  if (family === 4) return { address: v, type: 'ipv4' };
  if (family !== 6) return null;
  const words = ipv6Words(v);
  const embedded = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  const zeros = (from: number, to: number) => words.slice(from, to).every((w) => w === 0);
  if (zeros(0, 5) && words[5] === 0xffff) return { address: embedded(words[6]!, words[7]!), type: 'ipv4' };
  if (words[0] === 0x64 && words[1] === 0xff9b && zeros(2, 6)) return { address: embedded(words[6]!, words[7]!), type: 'ipv4' };
  if (words[0] === 0x2002) return { address: embedded(words[1]!, words[2]!), type: 'ipv4' };
  return { address: words.map((w) => w.toString(16)).join(':'), type: 'ipv6' };
}

/** The eight 16-bit words of a valid IPv6 address (a trailing dotted IPv4 part included). */
function ipv6Words(v: string): number[] {
  let text = v.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s ? s.split(':').map((h) => parseInt(h, 16)) : []);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}
