export * from './advisor';
export * from './deposit';
export * from './netReturn';
export * from './power';
