export * from './myPlay';
export * from './rules';
export * from './wire';
