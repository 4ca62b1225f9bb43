// The zod schemas whose JSON Schemas src/first-load-schemas.ts holds, by name.
import { z } from 'zod';
import {
  apiError,
  authConfigResponse,
  billingConfig,
  botChallenge,
  jobEvent,
  meResponse,
  oidcConsentInfo,
  oidcPopupMessage,
  retentionConfig,
  signInBotCheckDetails,
  supportConfig,
  swapList,
  uploadResponse,
} from '../src/index.ts';

export const FIRST_LOAD_SCHEMAS = {
  meResponse,
  swapList,
  retentionConfig,
  supportConfig,
  apiError,
  jobEvent,
  uploadResponse,
  billingConfig,
  authConfigResponse,
  botChallenge,
  signInBotCheckDetails,
  oidcPopupMessage,
  oidcConsentInfo,
} as const;

export function firstLoadJsonSchemas(): Record<keyof typeof FIRST_LOAD_SCHEMAS, unknown> {
  return Object.fromEntries(Object.entries(FIRST_LOAD_SCHEMAS).map(([name, schema]) => [name, z.toJSONSchema(schema)])) as Record<keyof typeof FIRST_LOAD_SCHEMAS, unknown>;
}
