export * from './proofFile';
export * from './sumTree';
