export * from './roles';
export * from './staleForm';
