export * from './fairness';
export * from './periods';
export * from './quicknet';
export * from './rules';
export * from './verify';
