// Process entry: load config, build, listen, and shut down gracefully on SIGTERM/SIGINT:
// stop taking HTTP requests and jobs at once, let running jobs finish within
// SHUTDOWN_GRACE_MS (or release their lease to another worker), then close connections.
import { buildApp } from './app.ts';
import { loadConfig, redactedConfig } from './config.ts';

const config = loadConfig();
const { app, ctx } = await buildApp(config);
app.log.info({ config: redactedConfig(config) }, 'starting');

// Load the face models now and warm them up, not on the first swap; and the content model where
// photos are checked (uploads) or clips' frames are (a worker's video jobs), not on the first of them (~5 s).
if (config.ROLE !== 'api') {
  ctx.engine.warm().then(
    ({ modelLoadMs, warmUpMs }) => app.log.info({ loadMs: modelLoadMs, warmUpMs }, 'face models loaded'),
    (err: unknown) => app.log.warn({ err }, 'face models failed to load'),
  );
}
if (config.ROLE !== 'worker' || ctx.video.service.available) {
  ctx.warmContent().then(
    (loadMs) => loadMs !== null && app.log.info({ loadMs: Math.round(loadMs) }, 'content model loaded'),
    // The first check tries again and answers for itself.
    (err: unknown) => app.log.warn({ err }, 'content model failed to load'),
  );
}

if (config.ROLE !== 'worker') {
  await app.listen({ host: config.HOST, port: config.PORT });
} else {
  app.log.info({ queue: config.QUEUE_DRIVER }, 'worker only: no HTTP');
}

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down: no new work, finishing or releasing jobs');
  const force = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, config.SHUTDOWN_GRACE_MS + 10_000);
  force.unref();
  try {
    // Both at once: the queue stops claiming while HTTP drains; app.close() then closes the context.
    await Promise.all([ctx.queue.stop(config.SHUTDOWN_GRACE_MS), app.close()]);
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
