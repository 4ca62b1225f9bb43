// Where a request's time goes, for the routes that measure it: `measure(step, fn)` adds fn's
// duration to the request's step, and the answer carries them in a Server-Timing header
// (read by the browser's developer tools and by `npm run bench:flow`), then `total`, from the
// request's arrival to its answer. Steps of photos handled side by side add up, so a step may
// exceed the total.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';

interface Timing {
  started: number;
  steps: Map<string, number>;
}

const timings = new AsyncLocalStorage<Timing>();

export async function measure<T>(step: string, fn: () => Promise<T>): Promise<T> {
  const steps = timings.getStore()?.steps;
  if (!steps) return fn();
  const started = performance.now();
  try {
    return await fn();
  } finally {
    steps.set(step, (steps.get(step) ?? 0) + performance.now() - started);
  }
}

export function registerServerTiming(app: FastifyInstance): void {
  // run() rather than enterWith(): the store follows the hooks and handler that done() starts.
  app.addHook('onRequest', (_req, _reply, done) => timings.run({ started: performance.now(), steps: new Map() }, done));
  app.addHook('onSend', async (_req, reply, payload) => {
    const timing = timings.getStore();
    if (timing && timing.steps.size > 0) {
      const entries = [...timing.steps, ['total', performance.now() - timing.started] as const];
      reply.header('Server-Timing', entries.map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`).join(', '));
    }
    return payload;
  });
}
