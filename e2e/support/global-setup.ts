// One real server for the whole run. Its address goes to the workers through
// VISAGE_E2E_URL (read by the `test` fixture in ./test.ts); the returned function stops it.
import { startServer } from './server.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer();
  process.env.VISAGE_E2E_URL = server.url;
  return () => server.stop();
}
