export * from './coins';
export * from './fairness';
export * from './figures';
export * from './periods';
export * from './quicknet';
export * from './rules';
export * from './sessionNet';
export * from './verify';
