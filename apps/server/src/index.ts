export { buildApp } from './app.ts';
export { loadConfig } from './config.ts';
export type { Config } from './config.ts';
