// '@visage/contracts/first-load': the answers the web app's first screens read (signed-in
// dashboard, sign-in page, swap flow), checked with no zod (the library would be a third of that
// JavaScript). Each guard reads the JSON Schema of the zod schema of the same name, and
// test/first-load.test.ts holds them equal.
import type { AuthConfigResponse, BotChallenge, OidcConsentInfo, OidcPopupMessage } from './auth.ts';
import type { BillingConfig } from './billing.ts';
import type { ApiError } from './errors.ts';
import * as json from './first-load-schemas.ts';
import { jsonGuard } from './json-guard.ts';
import type { RetentionConfig } from './retention.ts';
import type { SupportConfig } from './support.ts';
import type { JobEvent, SwapList, UploadResponse } from './swaps.ts';
import type { MeResponse } from './users.ts';

export { JsonGuardError, type Guard, type Parser } from './json-guard.ts';
export const meResponseGuard = jsonGuard<MeResponse>(json.meResponseJson);
export const swapListGuard = jsonGuard<SwapList>(json.swapListJson);
export const retentionConfigGuard = jsonGuard<RetentionConfig>(json.retentionConfigJson);
export const supportConfigGuard = jsonGuard<SupportConfig>(json.supportConfigJson);
export const apiErrorGuard = jsonGuard<ApiError>(json.apiErrorJson);
export const jobEventGuard = jsonGuard<JobEvent>(json.jobEventJson);
export const uploadResponseGuard = jsonGuard<UploadResponse>(json.uploadResponseJson);
export const billingConfigGuard = jsonGuard<BillingConfig>(json.billingConfigJson);
export const authConfigResponseGuard = jsonGuard<AuthConfigResponse>(json.authConfigResponseJson);
export const botChallengeGuard = jsonGuard<BotChallenge>(json.botChallengeJson);
export const signInBotCheckDetailsGuard = jsonGuard<{ challenge: BotChallenge }>(json.signInBotCheckDetailsJson);
export const oidcPopupMessageGuard = jsonGuard<OidcPopupMessage>(json.oidcPopupMessageJson);
export const oidcConsentInfoGuard = jsonGuard<OidcConsentInfo>(json.oidcConsentInfoJson);
