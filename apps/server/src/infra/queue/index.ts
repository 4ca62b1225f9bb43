// Picks the queue adapter from configuration.
import type { Config } from '../../config.ts';
import type { Db } from '../db/database.ts';
import { BullMqJobQueue } from './bullmq.ts';
import { LocalJobQueue } from './local.ts';
import type { QueueLogger } from './logger.ts';
import type { JobRegistry } from './registry.ts';
import type { JobQueue, QueueTuning } from './types.ts';

export { BullMqJobQueue, type BullMqQueueOptions } from './bullmq.ts';
export { LocalJobQueue, type LocalQueueOptions } from './local.ts';
export type { QueueLogger } from './logger.ts';
export * from './registry.ts';
export * from './types.ts';

export function queueTuning(config: Config): QueueTuning {
  return {
    concurrency: config.WORKER_CONCURRENCY,
    leaseMs: config.JOB_LEASE_MS,
    pollMs: config.JOB_POLL_MS,
    defaultMaxAttempts: config.JOB_MAX_ATTEMPTS,
    backoffMs: config.JOB_BACKOFF_MS,
    retentionMs: config.JOB_RETENTION_HOURS * 3600_000,
  };
}

export function createJobQueue(config: Config, db: Db, registry: JobRegistry, log?: QueueLogger): JobQueue {
  if (config.QUEUE_DRIVER === 'bullmq') {
    return new BullMqJobQueue(registry, { ...queueTuning(config), redisUrl: config.REDIS_URL ?? '', queueName: config.QUEUE_NAME, log });
  }
  return new LocalJobQueue(db, config.databaseKind, registry, { ...queueTuning(config), log });
}
