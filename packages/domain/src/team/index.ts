export * from './rebates';
