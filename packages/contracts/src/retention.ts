import { z } from 'zod';

/**
 * GET /app/api/retention: how long the server keeps what it deletes on a timer, in hours, as its
 * operator configured it; the privacy and account pages state these figures rather than fixed ones.
 */
export const retentionConfig = z.object({
  /** Uploaded target and face photos go this long after their swap ends; 0 = as it ends. */
  uploadRetentionHours: z.number().min(0),
  /** A "Download my data" ZIP can be downloaded this long, then it is removed. */
  exportTtlHours: z.number().positive(),
});
export type RetentionConfig = z.infer<typeof retentionConfig>;
