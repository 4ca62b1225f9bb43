import { z } from 'zod';

/** Every API error answers with this body; `code` is stable, `message` is for people. */
export const apiError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ApiError = z.infer<typeof apiError>;
