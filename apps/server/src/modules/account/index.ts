// Account-and-data wiring: the data registry (each module's export section and eraser), the
// export job (attached in context.ts), the routes, and the periodic retention sweep.
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db, DatabaseKind } from '../../infra/db/database.ts';
import type { JobQueue, JobRegistry } from '../../infra/queue/index.ts';
import type { Storage } from '../../infra/storage/index.ts';
import { cookieNames } from '../auth/cookies.ts';
import { UsersRepository } from '../users/repository.ts';
import type { UsersService } from '../users/service.ts';
import type { ImageIntake } from '../uploads/index.ts';
import { accountDataSections, accountFilesEraser } from './core-data.ts';
import { DataExportService, exportJob } from './exports.ts';
import { AccountDataRegistry } from './registry.ts';
import { AccountRepository } from './repository.ts';
import { accountRoutes } from './routes.ts';
import { AccountService } from './service.ts';

export { AccountDataRegistry, type DataSection, type Eraser } from './registry.ts';
export { exportJob } from './exports.ts';

export interface AccountModule {
  registry: AccountDataRegistry;
  service: AccountService;
  exports: DataExportService;
}

export function createAccountModule(deps: { db: Db; kind: DatabaseKind; storage: Storage; queue: JobQueue; config: Config; intake: ImageIntake; users: UsersService }): AccountModule {
  const repo = new AccountRepository(deps.db, deps.kind);
  const usersRepo = new UsersRepository(deps.db);
  const registry = new AccountDataRegistry();
  for (const section of accountDataSections(usersRepo, repo)) registry.add(section);
  const exports = new DataExportService(repo, deps.storage, deps.queue, registry, deps.config.EXPORT_TTL_HOURS * 3600_000, deps.config.EXPORTS_PER_DAY);
  const service = new AccountService(deps.config, repo, usersRepo, deps.users, deps.storage, registry, deps.intake);
  return { registry, service, exports };
}

/** Erasers that must run after every module's own (files under the account's folders). */
export function addAccountErasers(mod: AccountModule, storage: Storage): void {
  mod.registry.add(null, mod.exports.eraser()).add(null, accountFilesEraser(storage));
}

export function attachExportJob(jobs: JobRegistry, exports: DataExportService): void {
  jobs.handle(exportJob, async ({ exportId }, job) => exports.run(exportId, (progress) => job.reportProgress(Number(progress.toFixed(3)))), {
    // Any terminal failure, a last attempt's worker lost included, fails the export, so its owner can start another.
    onFailed: ({ exportId }, error) => exports.markFailed(exportId, error),
  });
}

export async function registerAccountRoutes(app: FastifyInstance, deps: { account: AccountModule; config: Config }): Promise<void> {
  await accountRoutes(app, deps.account.service, deps.account.exports, cookieNames(deps.config));
}

/**
 * Runs `sweep` now and every `everyMs` in this process (worker role). Each sweep is idempotent,
 * so several worker processes may run it side by side, whatever the queue or storage driver.
 */
export function startSweeper(sweep: () => Promise<unknown>, everyMs: number, log: Logger): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = running.then(sweep).catch((err: unknown) => log.error({ err }, 'retention sweep failed'));
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
