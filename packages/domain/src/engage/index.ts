export * from './calendar';
export * from './signIn';
