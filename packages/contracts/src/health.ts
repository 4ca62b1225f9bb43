import { z } from 'zod';

export const healthResponse = z.object({
  status: z.literal('ok'),
  version: z.string(),
  database: z.enum(['sqlite', 'postgres']),
  storage: z.enum(['local', 's3']),
  queue: z.enum(['local', 'bullmq']),
  role: z.enum(['api', 'worker', 'all']),
});
export type HealthResponse = z.infer<typeof healthResponse>;
