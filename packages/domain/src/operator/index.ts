export * from './fourEyes';
export * from './roles';
export * from './staleForm';
