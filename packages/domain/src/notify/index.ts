export * from './income';
export * from './texts';
export * from './topics';
export * from './wire';
