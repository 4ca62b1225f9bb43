import { z } from 'zod';

/** GET /app/api/support: the address users write to for help or about their data, as configured. */
export const supportConfig = z.object({ email: z.string().email() });
export type SupportConfig = z.infer<typeof supportConfig>;
