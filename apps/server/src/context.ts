// The application's dependencies, built once from configuration and handed to
// routes and services. Tests build one with their own config.
import { pino, type Logger } from 'pino';
import type { Config } from './config.ts';
import { createDatabase, migrateToLatest, type Db } from './infra/db/database.ts';
import { createJobQueue, createJobRegistry, type JobQueue, type JobRegistry } from './infra/queue/index.ts';
import { createStorage, type Storage } from './infra/storage/index.ts';
import { createCatalogueService, seedDemoCatalogue, type CatalogueService } from './modules/catalogue/index.ts';
import { createContentModule, type ContentGuard, type ExplicitScorer } from './modules/content/index.ts';
import { createBillingService, type BillingService } from './modules/billing/index.ts';
import { addAccountErasers, attachExportJob, createAccountModule, startSweeper, type AccountModule } from './modules/account/index.ts';
import { billingAccountData } from './modules/billing/account-data.ts';
import { facesAccountData } from './modules/faces/account-data.ts';
import { FacesRepository } from './modules/faces/repository.ts';
import { releaseFaceFile } from './modules/faces/service.ts';
import { UsersRepository } from './modules/users/repository.ts';
import { createImageIntake, type ImageIntake } from './modules/uploads/index.ts';
import { attachSwapJob, createSwapResults, createSwapsService, lazyEngine, swapsAccountData, type EngineHandle, type SwapResultsService, type SwapsService } from './modules/swaps/index.ts';

export interface AppContext {
  config: Config;
  version: string;
  /** Process logger for work outside a request (jobs, start-up); requests use req.log. */
  log: Logger;
  db: Db;
  storage: Storage;
  /** Job name → payload schema → handler. */
  jobs: JobRegistry;
  queue: JobQueue;
  /** The face engine pool, created on first use (or by engine.warm() at start-up). */
  engine: EngineHandle;
  swaps: SwapsService;
  /** Pro modes' catalogues (Proshoot models, soccer players). */
  catalogue: CatalogueService;
  /** Plans and Stripe billing (off unless STRIPE_* are set). */
  billing: BillingService;
  /** Explicit content refused on every plan: `await ctx.content.assertAllowed(jpeg)` on every upload. */
  content: ContentGuard;
  /** The one image intake every upload goes through (pixel cap, decode bound, content guard). */
  intake: ImageIntake;
  /** Deleting a result, the compare photo, upload retention. */
  results: SwapResultsService;
  /** Account page, data export and erasure, with the per-module data registry. */
  account: AccountModule;
  /** Stops taking jobs (running ones get SHUTDOWN_GRACE_MS), then closes queue, storage, database. */
  close(): Promise<void>;
}

/** Parts a test may replace (the explicit-content model's verdict). */
export interface ContextOverrides {
  explicitScore?: ExplicitScorer;
}

export async function createContext(config: Config, overrides: ContextOverrides = {}): Promise<AppContext> {
  const log = pino({ level: config.LOG_LEVEL });
  const { db } = createDatabase(config.databaseUrl);
  await migrateToLatest(db);
  const storage = createStorage(config);
  const jobs = createJobRegistry();
  const queue = createJobQueue(config, db, jobs, log.child({ component: 'jobs' }));
  const engine = lazyEngine(config.ENGINE_WORKERS ?? config.WORKER_CONCURRENCY, config.ENGINE_WORKER_MAX_RSS_MB);
  const content = createContentModule(config, overrides.explicitScore);
  const intake = createImageIntake(config, content.guard);
  const swaps = createSwapsService({ db, storage, queue, intake });
  const catalogue = createCatalogueService({ db, storage, faces: engine, intake });
  swaps.useStoredAnalyses((key) => catalogue.analysisForKey(key));
  const billing = createBillingService(config, db, (info, msg) => log.warn({ component: 'billing', ...info }, msg));
  const facesRepo = new FacesRepository(db);
  const results = createSwapResults({ db, storage, swaps, config, releaseShared: (uid, key) => releaseFaceFile(facesRepo, storage, uid, key) });
  const account = createAccountModule({ db, kind: config.databaseKind, storage, queue, config, intake });
  // What each module holds about a person: its export section and its eraser (one line per module).
  account.registry.add(...swapsAccountData({ db, storage, queue, swaps }));
  account.registry.add(...facesAccountData(facesRepo, storage));
  account.registry.add(...billingAccountData(billing, new UsersRepository(db)));
  addAccountErasers(account, storage);
  let stopSweeper: (() => Promise<void>) | null = null;

  let closing: Promise<void> | null = null;
  const stopSeeding = new AbortController();
  let seeding: Promise<unknown> = Promise.resolve();
  const ctx: AppContext = {
    config,
    version: process.env.npm_package_version ?? '0.1.0',
    log,
    db,
    storage,
    jobs,
    queue,
    engine,
    swaps,
    catalogue,
    billing,
    content: content.guard,
    intake,
    results,
    account,
    close() {
      closing ??= (async () => {
        stopSeeding.abort();
        await stopSweeper?.();
        await queue.stop(config.SHUTDOWN_GRACE_MS);
        await queue.close();
        await engine.close();
        await content.close();
        // A demo photo being analysed failed with its engine: settled before the database goes.
        await seeding;
        await storage.close();
        await db.destroy();
      })();
      return closing;
    },
  };

  try {
    // Job handlers: each module attaches its handlers to ctx.jobs here, before the worker starts.
    attachSwapJob(jobs, swaps, engine, results);
    attachExportJob(jobs, account.exports);

    jobs.assertComplete();
    if (config.ROLE !== 'api') {
      await queue.start();
      // Swaps waiting without a job are enqueued; those whose job ended or vanished are failed.
      const fixed = await swaps.reconcile();
      if (fixed.requeued || fixed.failed) log.info(fixed, 'swaps reconciled with their jobs');
      const exportsFailed = await account.exports.reconcile();
      if (exportsFailed) log.info({ failed: exportsFailed }, 'data exports reconciled with their jobs');
      // Retention: uploads past UPLOAD_RETENTION_HOURS and expired exports, in every worker process.
      const sweep = async () => [await results.sweep(), await account.exports.sweepExpired()];
      stopSweeper = startSweeper(sweep, config.RETENTION_SWEEP_SECONDS * 1000, log.child({ component: 'retention' }));
    }
    // In the background: the server answers while the demo photos are analysed (a few seconds).
    if (config.DEMO_CONTENT) {
      seeding = seedDemoCatalogue(catalogue, log, undefined, stopSeeding.signal).catch((err: unknown) => {
        if (stopSeeding.signal.aborted) log.debug({ err }, 'demo catalogue seeding stopped by shutdown');
        else log.error({ err }, 'demo catalogue seeding failed');
      });
    }
  } catch (err) {
    await ctx.close().catch(() => undefined);
    throw err;
  }
  return ctx;
}
