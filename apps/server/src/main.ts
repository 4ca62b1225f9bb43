// Process entry: load config, build, listen, and shut down gracefully on SIGTERM/SIGINT.
import { buildApp } from './app.ts';
import { loadConfig, redactedConfig } from './config.ts';

const config = loadConfig();
const { app } = await buildApp(config);
app.log.info({ config: redactedConfig(config) }, 'starting');

if (config.ROLE !== 'worker') {
  await app.listen({ host: config.HOST, port: config.PORT });
}

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down: no new work, finishing or releasing jobs');
  const force = setTimeout(() => process.exit(1), 30_000);
  force.unref();
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
