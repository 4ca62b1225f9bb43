// The application's dependencies, built once from configuration and handed to
// routes and services. Tests build one with their own config.
import type { Config } from './config.ts';
import { createDatabase, migrateToLatest, type Db } from './infra/db/database.ts';

export interface AppContext {
  config: Config;
  version: string;
  db: Db;
  close(): Promise<void>;
}

export async function createContext(config: Config): Promise<AppContext> {
  const { db } = createDatabase(config.databaseUrl);
  await migrateToLatest(db);
  return {
    config,
    version: process.env.npm_package_version ?? '0.1.0',
    db,
    async close() {
      await db.destroy();
    },
  };
}
