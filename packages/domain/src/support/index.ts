export * from './rules';
export * from './wire';
export * from './texts';
