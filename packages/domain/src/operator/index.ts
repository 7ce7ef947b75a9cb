export * from './fourEyes';
export * from './roles';
