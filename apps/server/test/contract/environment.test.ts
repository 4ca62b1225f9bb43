// Under .ci/run every adapter must be exercised: a missing back-end URL is a failure there,
// not a silently skipped suite.
import { describe, expect, it } from 'vitest';
import { testEnv } from '../support/env.ts';

describe.runIf(testEnv.ci)('CI back-ends', () => {
  it('provides PostgreSQL, Redis and S3 to the contract suites', () => {
    expect({ TEST_DATABASE_URL: Boolean(testEnv.databaseUrl), TEST_REDIS_URL: Boolean(testEnv.redisUrl), TEST_S3_ENDPOINT: Boolean(testEnv.s3Endpoint) }).toEqual({
      TEST_DATABASE_URL: true,
      TEST_REDIS_URL: true,
      TEST_S3_ENDPOINT: true,
    });
  });
});
