export * from './lines';
export * from './proofFile';
export * from './sumTree';
