import { api } from '../../../lib/api';

export type SendSmsCodeInput = Parameters<typeof api.sms.sendSmsCodeNoAuth>[0];

/** POST /app/sms/sendSmsCodeNoAuth: a code for registration or a forgotten password. */
export const sendSmsCode = (input: SendSmsCodeInput) => api.sms.sendSmsCodeNoAuth(input);
