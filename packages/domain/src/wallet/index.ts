export * from './addresses';
export * from './bank';
export * from './configFields';
export * from './exchange';
export * from './reviewCallback';
export * from './turnover';
export * from './window';
export * from './withdraw';
