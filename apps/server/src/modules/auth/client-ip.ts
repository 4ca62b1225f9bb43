// The client's address: the socket peer, or — only when that peer is a configured
// proxy — the nearest untrusted hop of X-Forwarded-For. Always a valid IPv4/IPv6.
import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

export type TrustedProxies = BlockList;

/** 'TRUSTED_PROXIES=10.0.0.1, 10.1.0.0/16, ::1' → a BlockList of those addresses and ranges. */
export function parseTrustedProxies(value: string): TrustedProxies {
  const list = new BlockList();
  for (const raw of value.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [addr = '', bits] = raw.split('/');
    const ip = normalizeIp(addr);
    const family = isIP(ip);
    if (!family) throw new Error(`TRUSTED_PROXIES: '${raw}' is not an IP address or CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(ip, type);
    else {
      const prefix = Number(bits);
      if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) throw new Error(`TRUSTED_PROXIES: bad prefix in '${raw}'`);
      list.addSubnet(ip, prefix, type);
    }
  }
  return list;
}

/** Strips brackets, zone ids and the IPv4-mapped IPv6 prefix; '' when not an address. */
export function normalizeIp(value: string | undefined): string {
  if (!value) return '';
  let v = value.trim().replace(/^\[|\]$/g, '');
  const zone = v.indexOf('%');
  if (zone >= 0) v = v.slice(0, zone);
  if (/^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(v)) v = v.slice(7);
  return isIP(v) ? v.toLowerCase() : '';
}

function isTrusted(list: TrustedProxies, ip: string): boolean {
  const family = isIP(ip);
  return family !== 0 && list.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

export function clientIp(req: Pick<FastifyRequest, 'headers' | 'socket'>, trusted: TrustedProxies): string {
  let ip = normalizeIp(req.socket.remoteAddress);
  if (!ip) return '0.0.0.0';
  const header = req.headers['x-forwarded-for'];
  if (!header || !isTrusted(trusted, ip)) return ip;
  const hops = (Array.isArray(header) ? header.join(',') : header).split(',');
  // Walk from the nearest hop outwards; stop at the first address we do not trust.
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = normalizeIp(hops[i]);
    if (!hop) break;
    ip = hop;
    if (!isTrusted(trusted, hop)) break;
  }
  return ip;
}
