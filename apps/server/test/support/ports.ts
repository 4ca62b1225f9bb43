// A TCP port free on 127.0.0.1 for a server process a test starts.
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((r) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => r(port));
    });
  });
}
