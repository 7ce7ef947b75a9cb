export * from './power';
