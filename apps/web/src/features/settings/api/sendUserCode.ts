import { api } from '../../../lib/api';

export type UserCodeType = Parameters<typeof api.sms.sendUserCode>[0]['type'];

/** POST /app/sms/sendUserCode: a code to the logged-in user's own phone. */
export const sendUserCode = (type: UserCodeType) => api.sms.sendUserCode({ type });
