// Where a request's time goes, for the routes that measure it: `measure(step, fn)` adds fn's
// duration to the request's step, and the answer carries them in a Server-Timing header
// (read by the browser's developer tools and by `npm run bench:flow`). Steps of photos handled
// side by side add up, so a step may exceed the request's own duration.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

const steps = new AsyncLocalStorage<Map<string, number>>();

export async function measure<T>(step: string, fn: () => Promise<T>): Promise<T> {
  const store = steps.getStore();
  if (!store) return fn();
  const started = performance.now();
  try {
    return await fn();
  } finally {
    store.set(step, (store.get(step) ?? 0) + performance.now() - started);
  }
}

export function registerServerTiming(app: FastifyInstance): void {
  // run() rather than enterWith(): the store follows the hooks and handler that done() starts.
  app.addHook('onRequest', (_req, _reply, done) => steps.run(new Map(), done));
  app.addHook('onSend', async (_req, reply, payload) => {
    const store = steps.getStore();
    if (store && store.size > 0) reply.header('Server-Timing', [...store].map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`).join(', '));
    return payload;
  });
}
