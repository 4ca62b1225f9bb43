// Which real back-ends the tests may use. SQLite and the local disk always; the others
// when their URL is set (.ci/run sets all of them, so CI runs every adapter).
export const testEnv = {
  databaseUrl: process.env.TEST_DATABASE_URL || undefined,
  redisUrl: process.env.TEST_REDIS_URL || undefined,
  s3Endpoint: process.env.TEST_S3_ENDPOINT || undefined,
  s3Bucket: process.env.TEST_S3_BUCKET || 'visage-test',
  /** True under .ci/run, where every back-end must be present. */
  ci: process.env.CI === 'true' || process.env.CI === '1',
};
