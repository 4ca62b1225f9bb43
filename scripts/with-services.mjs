#!/usr/bin/env node
// Runs a command with throw-away PostgreSQL 15, Redis and s3rver on 127.0.0.1 (lib-stack.mjs's
// startServices) and the TEST_* variables pointing at them, so every contract suite runs on every
// adapter; the services go when the command ends. `.ci/run` runs the checks and tests this way:
//   node scripts/with-services.mjs npm test
import { spawn } from 'node:child_process';
import { startServices } from './lib-stack.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/with-services.mjs COMMAND [ARG...]');
  process.exit(2);
}
const services = await startServices({ bucket: 'visage-test' });
const child = spawn(command, args, {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: services.databaseUrl, TEST_REDIS_URL: services.redisUrl, TEST_S3_ENDPOINT: services.s3Endpoint, TEST_S3_BUCKET: services.bucket },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
const code = await new Promise((resolve) => child.once('exit', (c, s) => resolve(c ?? (s ? 1 : 0))));
await services.stop();
process.exit(code);
