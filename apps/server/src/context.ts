// The application's dependencies, built once from configuration and handed to
// routes and services. Tests build one with their own config.
import { pino, type Logger } from 'pino';
import type { Config } from './config.ts';
import { createDatabase, migrateToLatest, type Db } from './infra/db/database.ts';
import { createOutbox, type MailOutbox } from './infra/mail/index.ts';
import { createJobQueue, createJobRegistry, type JobQueue, type JobRegistry } from './infra/queue/index.ts';
import { createStorage, type Storage } from './infra/storage/index.ts';
import { attachExportJob, startSweeper } from './modules/account/index.ts';
import { attachStripeErasureJob } from './modules/billing/index.ts';
import { seedDemoCatalogue } from './modules/catalogue/index.ts';
import type { ExplicitScorer } from './modules/content/index.ts';
import { attachSwapJob, lazyEngine, type EngineHandle } from './modules/swaps/index.ts';
import { attachWebhookJob } from './modules/webhooks/index.ts';
import { attachVideoJobs } from './modules/video/index.ts';
import { composeServices, type Services } from './services.ts';

/** The infrastructure plus every service (services.ts builds them, once). */
export interface AppContext extends Services {
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
  /** Loads the explicit-content model now rather than on the first photo or clip it checks (ms; null: no model). */
  warmContent(): Promise<number | null>;
  /** Mail sent in the background (null: mail is off); closing waits for the sends in flight. */
  outbox: MailOutbox | null;
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
  const outbox = createOutbox(config, log.child({ component: 'mail' }));
  const { services, warmContent, close: closeContent } = composeServices({ config, log, db, storage, queue, engine, outbox }, overrides.explicitScore);
  const { swaps, catalogue, results, account, billing, webhooks, video } = services;
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
    warmContent,
    outbox,
    ...services,
    close() {
      closing ??= (async () => {
        stopSeeding.abort();
        await stopSweeper?.();
        await queue.stop(config.SHUTDOWN_GRACE_MS);
        await queue.close();
        await engine.close();
        await closeContent();
        await outbox?.close();
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
    attachStripeErasureJob(jobs, billing.stripeGateway, (info, msg) => log.error({ component: 'billing', ...info }, msg));
    attachWebhookJob(jobs, webhooks.deliveries);
    attachVideoJobs(jobs, video, results);

    jobs.assertComplete();
    if (config.ROLE !== 'api') {
      await queue.start();
      // Swaps waiting without a job are enqueued; those whose job ended or vanished are failed.
      const fixed = await swaps.reconcile();
      if (fixed.requeued || fixed.failed) log.info(fixed, 'swaps reconciled with their jobs');
      const videos = await video.pipeline.reconcile();
      if (videos.requeued || videos.failed) log.info(videos, 'video swaps reconciled with their jobs');
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
