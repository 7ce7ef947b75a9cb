export * from './calendar';
export * from './signIn';
export * from './giftCode';
