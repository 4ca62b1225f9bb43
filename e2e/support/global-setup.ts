// One real server for the whole run. Its address goes to the workers through
// VISAGE_E2E_URL (read by the `test` fixture in ./test.ts), and its data folder through
// VISAGE_E2E_DATA_DIR (for a spec that sets what only billing could, such as a plan); the
// returned function stops it.
import { startServer } from './server.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer();
  process.env.VISAGE_E2E_URL = server.url;
  process.env.VISAGE_E2E_DATA_DIR = server.dataDir;
  return () => server.stop();
}
