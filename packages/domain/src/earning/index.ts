export * from './advisor';
export * from './deposit';
export * from './power';
