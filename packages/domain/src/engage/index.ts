export * from './calendar';
export * from './giftCode';
export * from './signIn';
export * from './taps';
export * from './levels';
