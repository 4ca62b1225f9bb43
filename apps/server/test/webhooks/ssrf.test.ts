// Webhook posts never reach our own network: every refused range by literal address and by a
// name that resolves into it, the IPv6 forms carrying such an IPv4 address, a redirect into one,
// and the operator's allowed ranges (a real receiver on 127.0.0.1).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { createAddressPolicy } from '../../src/modules/webhooks/address-policy.ts';
import { NoAnswer, RefusedTarget, safePost, type Resolver } from '../../src/modules/webhooks/safe-post.ts';

const strict = createAddressPolicy('');
const loopbackAllowed = createAddressPolicy('127.0.0.0/8');

const REFUSED = [
  ['loopback', '127.0.0.1'],
  ['loopback, elsewhere in 127/8', '127.255.0.9'],
  ['RFC 1918 10/8', '10.1.2.3'],
  ['RFC 1918 172.16/12', '172.31.255.254'],
  ['RFC 1918 192.168/16', '192.168.0.10'],
  ['CGNAT 100.64/10', '100.100.1.1'],
  ['link-local', '169.254.10.20'],
  ['cloud metadata', '169.254.169.254'],
  ['unspecified', '0.0.0.0'],
  ['multicast', '239.1.2.3'],
  ['broadcast', '255.255.255.255'],
  ['IPv6 loopback', '::1'],
  ['IPv6 unspecified', '::'],
  ['IPv6 unique local', 'fd12:3456::1'],
  ['IPv6 metadata', 'fd00:ec2::254'],
  ['IPv6 link-local', 'fe80::1'],
  ['IPv6 multicast', 'ff02::1'],
  ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
  ['IPv4-mapped private, hex words', '::ffff:a00:1'],
  ['IPv4-mapped metadata', '::ffff:169.254.169.254'],
  ['NAT64 of a private address', '64:ff9b::192.168.1.1'],
  ['6to4 of loopback', '2002:7f00:1::'],
] as const;

describe('address policy', () => {
  it.each(REFUSED)('refuses %s (%s)', (_what, address) => {
    expect(strict.refusal(address)).toMatch(/private|metadata/);
  });

  it('lets public addresses through, IPv4 and IPv6', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) expect(strict.refusal(address)).toBeNull();
  });

  it('allows exactly the ranges listed, never a metadata address, and refuses a malformed list', () => {
    const policy = createAddressPolicy('127.0.0.0/8, 10.0.0.0/8, 169.254.0.0/16');
    expect(policy.refusal('127.0.0.1')).toBeNull();
    expect(policy.refusal('::ffff:10.9.8.7')).toBeNull();
    expect(policy.refusal('192.168.1.1')).not.toBeNull();
    expect(policy.refusal('169.254.169.254')).toMatch(/metadata/);
    expect(policy.isAllowedPrivate('10.0.0.1')).toBe(true);
    expect(policy.isAllowedPrivate('8.8.8.8')).toBe(false);
    expect(() => createAddressPolicy('10.0.0.0/33')).toThrow(/bad prefix/);
    expect(() => loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'intranet' })).toThrow(/WEBHOOK_ALLOW_PRIVATE/);
  });
});

/** A resolver that answers from a table, as a DNS server under an attacker's control could. */
const resolverOf =
  (table: Record<string, string[]>): Resolver =>
  async (host) => {
    const list = table[host];
    if (!list) throw new Error(`ENOTFOUND ${host}`);
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('safePost', () => {
  let server: Server;
  let base: string;
  const hits: string[] = [];
  let redirectTo = '';

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      req.resume();
      if (req.url === '/redirect') res.writeHead(307, { location: redirectTo }).end();
      else if (req.url === '/hop') res.writeHead(308, { location: '/final' }).end();
      else if (req.url === '/see-other') res.writeHead(303, { location: '/final' }).end();
      else res.writeHead(204).end();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const post = (url: string, opts: Partial<Parameters<typeof safePost>[3]> = {}) => safePost(url, '{}', {}, { policy: loopbackAllowed, ...opts });

  it.each(REFUSED)('refuses a name resolving to %s (%s), connecting nowhere', async (_what, address) => {
    const before = hits.length;
    const resolve = resolverOf({ 'hooks.example.com': [address] });
    await expect(safePost('https://hooks.example.com/in', '{}', {}, { policy: strict, resolve })).rejects.toBeInstanceOf(RefusedTarget);
    expect(hits.length).toBe(before);
  });

  it('refuses a name when any one of its addresses is internal', async () => {
    const resolve = resolverOf({ 'mixed.example.com': ['93.184.215.14', '10.0.0.7'] });
    await expect(safePost('https://mixed.example.com/', '{}', {}, { policy: strict, resolve })).rejects.toThrow(/resolves to 10\.0\.0\.7/);
  });

  it('refuses literal addresses in the URL, IPv4 and IPv6, before connecting', async () => {
    for (const url of ['https://10.0.0.1/', 'https://[::1]/', 'https://[::ffff:127.0.0.1]/', 'https://169.254.169.254/latest/meta-data/', `${base}/x`]) {
      await expect(safePost(url, '{}', {}, { policy: strict })).rejects.toBeInstanceOf(RefusedTarget);
    }
  });

  it('delivers to an allowed range, connecting to the checked address of the name', async () => {
    const port = (server.address() as AddressInfo).port;
    const resolve = resolverOf({ 'receiver.internal': ['127.0.0.1'] });
    const answer = await post(`http://receiver.internal:${port}/named`, { resolve });
    expect(answer.statusCode).toBe(204);
    expect(hits.at(-1)).toBe('/named');
  });

  it('follows a redirect within allowed ranges, re-checking it', async () => {
    expect((await post(`${base}/hop`)).statusCode).toBe(204);
    expect(hits.slice(-2)).toEqual(['/hop', '/final']);
  });

  it('takes a redirect that would drop the body (303) as the answer, not following it', async () => {
    const before = hits.length;
    expect((await post(`${base}/see-other`)).statusCode).toBe(303);
    expect(hits.slice(before)).toEqual(['/see-other']);
  });

  it('refuses a redirect to a private or metadata address, and one to a name resolving there', async () => {
    const resolve = resolverOf({ 'evil.example.com': ['192.168.1.20'] });
    for (const target of ['http://10.0.0.5/', 'http://169.254.169.254/latest/meta-data/', 'https://evil.example.com/', 'http://[::ffff:192.168.0.1]/']) {
      redirectTo = target;
      const before = hits.length;
      await expect(post(`${base}/redirect`, { resolve })).rejects.toBeInstanceOf(RefusedTarget);
      expect(hits.length).toBe(before + 1);
    }
  });

  it('refuses plain http to a public address even when private ranges are allowed', async () => {
    const resolve = resolverOf({ 'public.example.com': ['93.184.215.14'] });
    await expect(post('http://public.example.com/', { resolve })).rejects.toThrow(/http:\/\/ is only followed/);
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/`;
      await expect(post(url, { timeoutMs: 300 })).rejects.toThrow(NoAnswer);
      await expect(post(url, { timeoutMs: 300 })).rejects.toThrow(/no answer within 0.3 s/);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });
});
