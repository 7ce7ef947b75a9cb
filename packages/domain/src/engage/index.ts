export * from './calendar';
export * from './giftCode';
export * from './levels';
export * from './signIn';
export * from './taps';
