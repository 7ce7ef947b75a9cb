export * from './calendar';
export * from './checkIn';
export * from './giftCode';
export * from './levels';
export * from './taps';
