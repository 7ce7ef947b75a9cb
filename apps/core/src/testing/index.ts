export { operatorActor } from './actors';
export { expectAuditAppendOnly } from './audit';
export { type BotServer, startBotServer } from './botServer';
export { createEmptyPostgresDatabase, createTestDatabase, testDatabaseKind, withMigratedDatabase } from './database';
export { nextGameSession } from './game';
export * from './harness';
export { closedPortUrl } from './network';
export {
  createOperatorInApp,
  opsHttp,
  type ProvisionedOperator,
  provisionOperator,
  seedOperator,
  TEST_OPERATOR_PASSWORD,
  type TestOperator,
} from './operators';
export {
  type CoreProcess,
  type CoreProcessOptions,
  heldRequest,
  printed,
  registerThrough,
  runCoreProcessToExit,
  signal,
  spawnCoreProcess,
  startCoreProcess,
} from './process';
export { SHORT_ROOM } from './rooms';
export { type AppRoute, appRoutes } from './routes';
export { snapshotDatabase } from './snapshot';
export * from './wallet';
