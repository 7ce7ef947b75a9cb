/** The sms module's public door: other modules and the composition root import only this file. */

export type { CodeService } from './codes';
export { createCodeService, phoneTarget, pruneVerificationCodes, userTarget } from './codes';
export { eraseSmsOf } from './erase';
export type { SmsProvider } from './provider';
export { createHttpSmsProvider, createOutboxSmsProvider, latestSmsOutbox } from './provider';
export { smsRoutes } from './routes';
export { createSmsCodeSender } from './sender';
