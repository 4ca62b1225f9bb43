// Storage adapters for tests: a local folder always; s3rver (or any S3) when TEST_S3_ENDPOINT is set.
import { randomBytes } from 'node:crypto';
import { LocalStorage, S3Storage, type Storage } from '../../src/infra/storage/index.ts';
import { testEnv } from './env.ts';
import { tempDir } from './tmp.ts';

export interface StorageTarget {
  kind: 'local' | 's3';
  enabled: boolean;
  /** A fresh, empty store (S3: a unique prefix in the test bucket) and its clean-up. */
  create(): Promise<{ storage: Storage; root?: string; cleanup(): Promise<void> }>;
}

export function s3TestStorage(prefix = `t-${randomBytes(6).toString('hex')}`): S3Storage {
  return new S3Storage({
    bucket: testEnv.s3Bucket,
    endpoint: testEnv.s3Endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    prefix,
  });
}

export const storageTargets: StorageTarget[] = [
  {
    kind: 'local',
    enabled: true,
    async create() {
      const tmp = tempDir('visage-media-');
      return { storage: new LocalStorage(tmp.dir), root: tmp.dir, cleanup: async () => tmp.remove() };
    },
  },
  {
    kind: 's3',
    enabled: Boolean(testEnv.s3Endpoint),
    async create() {
      const storage = s3TestStorage();
      return { storage, cleanup: () => storage.close() };
    },
  },
];
