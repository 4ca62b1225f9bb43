// Shared API payload schemas: the web app and the server both import from here,
// so a payload shape is defined once.
export * from './health.ts';
export * from './errors.ts';
export * from './swaps.ts';
export * from './video.ts';
export * from './face-picker.ts';
export * from './warnings.ts';
export * from './auth.ts';
export * from './email-links.ts';
export * from './users.ts';
export * from './bulk.ts';
export * from './my-faces.ts';
export * from './catalogue.ts';
export * from './billing.ts';
export * from './admin-users.ts';
export * from './account.ts';
export * from './retention.ts';
export * from './support.ts';
export * from './api-keys.ts';
export * from './public-api.ts';
export * from './openapi.ts';
export { jsonGuard, type JsonSchema } from './json-guard.ts';
export * from './webhooks.ts';
