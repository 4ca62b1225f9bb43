// An in-process webhook receiver on 127.0.0.1 that records every post, answers what the test
// scripts (a status per post, then 200), and checks each signature the way the README shows.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifySignature } from '../../src/modules/webhooks/index.ts';

export interface ReceivedPost {
  path: string;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface Receiver {
  url: string;
  posts: ReceivedPost[];
  /** Status codes for the next posts, in order; later posts get 200. */
  script: number[];
  /** Whether this post's Visage-Signature is valid for `secret`. */
  verifies(post: ReceivedPost, secret: string): boolean;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const posts: ReceivedPost[] = [];
  const script: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      posts.push({ path: req.url ?? '', body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.writeHead(script.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    posts,
    script,
    verifies: (post, secret) => verifySignature(secret, post.body, String(post.headers['visage-signature'] ?? '')),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
