// A Redis connection for short, non-blocking commands (the rate-limit counters): fails fast
// instead of queueing commands while Redis is away, so callers can skip it.
import { Redis } from 'ioredis';

export type RedisClient = Redis;

export function createFastFailRedis(url: string, onError: (err: Error) => void): RedisClient {
  const redis = new Redis(url, { connectTimeout: 1000, maxRetriesPerRequest: 1 });
  redis.on('error', onError);
  return redis;
}

export async function closeRedis(redis: RedisClient): Promise<void> {
  await redis.quit().catch(() => redis.disconnect());
}
