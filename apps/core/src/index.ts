export { createApp } from './app';
export { type Config, loadConfig } from './config';
export { type Database, openDatabase } from './db/client';
export type { CoreDeps } from './deps';
export { createLogger } from './platform/logger';
export { startServer } from './server';
