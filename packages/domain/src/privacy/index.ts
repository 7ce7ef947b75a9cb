export * from './deletion';
export * from './wire';
