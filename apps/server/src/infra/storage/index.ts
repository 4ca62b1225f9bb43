// Picks the storage adapter from configuration.
import type { Config } from '../../config.ts';
import { LocalStorage } from './local.ts';
import { S3Storage } from './s3.ts';
import type { Storage } from './storage.ts';

export { LocalStorage } from './local.ts';
export { S3Storage, type S3StorageOptions } from './s3.ts';
export * from './storage.ts';

export function createStorage(config: Config): Storage {
  if (config.STORAGE_DRIVER === 's3') {
    return new S3Storage({
      bucket: config.S3_BUCKET ?? '',
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: config.S3_PREFIX,
    });
  }
  return new LocalStorage(config.storageDir);
}
