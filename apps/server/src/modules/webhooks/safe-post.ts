// One webhook POST that cannot be pointed at our own network: each hop's name is resolved once,
// every address it resolves to is checked (address-policy.ts), and the connection goes to that
// checked address (a pinned `lookup`), so a second resolution cannot swap in another one. Redirects
// are followed by hand, a few at most, each hop checked again. One deadline covers every hop.
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { AddressPolicy } from './address-policy.ts';

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Name → every address it resolves to (tests inject one that answers a private address). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** The address is not one we post to, or the URL is not one we follow: no retry will change that. */
export class RefusedTarget extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedTarget';
  }
}

/** The receiver (or its name service) did not answer within the timeout. */
export class NoAnswer extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NoAnswer';
  }
}

export interface SafePostOptions {
  policy: AddressPolicy;
  resolve?: Resolver;
  timeoutMs?: number;
  maxRedirects?: number;
  signal?: AbortSignal;
}

// Only the redirects that keep the method and body: after 301, 302 or 303 a client would send a
// GET without the event, so those answers count as the endpoint's answer (a failed try).
const REDIRECTS = new Set([307, 308]);
/** We only need the status; a receiver's long answer is not read past this. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** Posts `body` to `url` and answers the final status code; throws on network errors and timeouts. */
export async function safePost(url: string, body: string, headers: Record<string, string>, opts: SafePostOptions): Promise<{ statusCode: number; url: string }> {
  const resolve = opts.resolve ?? systemResolver;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = opts.signal ? AbortSignal.any([deadline, opts.signal]) : deadline;
  let target = parseTarget(url);
  for (let hop = 0; ; hop++) {
    const address = await checkedAddress(target, opts.policy, (host) => untilAborted(resolve(host), signal));
    const answer = await post(target, address, body, headers, signal).catch((err: unknown) => {
      throw deadline.aborted ? new NoAnswer(`no answer within ${timeoutMs / 1000} s`, { cause: err }) : err;
    });
    const location = answer.headers.location;
    if (!REDIRECTS.has(answer.statusCode ?? 0) || !location) return { statusCode: answer.statusCode ?? 0, url: target.href };
    if (hop >= (opts.maxRedirects ?? 3)) throw new RefusedTarget(`too many redirects (last to ${location})`);
    target = parseTarget(new URL(location, target).href);
  }
}

/** A resolver cannot be cancelled; the deadline still ends the wait for it. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const stop = () => reject(new NoAnswer('no answer from the name service in time'));
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}

function parseTarget(url: string): URL {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw new RefusedTarget(`not a URL: ${url}`);
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') throw new RefusedTarget(`${target.protocol} URLs are not followed`);
  if (target.username || target.password) throw new RefusedTarget('URLs with credentials are not followed');
  return target;
}

/** The one address this hop connects to, once every address its name resolves to has passed. */
async function checkedAddress(target: URL, policy: AddressPolicy, resolve: Resolver): Promise<ResolvedAddress> {
  const host = target.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  try {
    addresses = literal ? [{ address: host, family: literal }] : await resolve(host);
  } catch (err) {
    if (err instanceof NoAnswer) throw err;
    // A name that does not resolve may resolve later: a network error, retried.
    throw new Error(`could not resolve ${host}: ${(err as Error).message}`, { cause: err });
  }
  if (addresses.length === 0) throw new Error(`could not resolve ${host}`);
  // Every answer must pass: a name that also resolves to an internal address is refused as a whole.
  for (const a of addresses) {
    const why = policy.refusal(a.address);
    if (why) throw new RefusedTarget(literal ? why : `${host} resolves to ${why}`);
  }
  const chosen = addresses[0]!;
  // Plain http only inside a range the operator allowed: anything else must be TLS.
  if (target.protocol === 'http:' && !policy.isAllowedPrivate(chosen.address)) throw new RefusedTarget(`http:// is only followed to allowed private ranges (${host})`);
  return chosen;
}

function post(target: URL, address: ResolvedAddress, body: string, headers: Record<string, string>, signal: AbortSignal): Promise<IncomingMessage> {
  const pinned: LookupFunction = (_name, options, callback) => {
    if (options.all) (callback as (err: null, all: ResolvedAddress[]) => void)(null, [address]);
    else callback(null, address.address, address.family);
  };
  const request = target.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        method: 'POST',
        hostname: target.hostname.replace(/^\[|\]$/g, ''),
        port: target.port || undefined,
        path: `${target.pathname}${target.search}`,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinned,
        agent: false,
        signal,
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) res.destroy();
        });
        res.on('end', () => resolve(res));
        res.on('close', () => resolve(res));
        res.on('error', () => resolve(res));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
