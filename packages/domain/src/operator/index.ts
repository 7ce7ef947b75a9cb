export * from './roles';
export * from './fourEyes';
