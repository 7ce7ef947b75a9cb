import { type CodeSent, checkPhone, type MessageKey } from '@prism/domain';
import type { CodeAnswer, CodeRefused } from '../../../lib/form';
import { type SendSmsCodeInput, sendSmsCode } from '../api/sendSmsCode';

/** The part of a panel's form (useForm) that sending a code needs. */
interface PhoneForm {
  values: { phone: string };
  check: (found: { phone?: MessageKey | undefined }) => boolean;
  attemptCode: (request: () => Promise<CodeSent>) => Promise<CodeSent | CodeRefused | undefined>;
}

/**
 * 'Send code' on the register and forgot-password panels: a mistyped number gets its
 * message under Phone and nothing is sent; a refused request shows on the form.
 */
export async function sendPhoneCode(
  form: PhoneForm,
  type: SendSmsCodeInput['type'],
  areaCode: string | undefined,
): Promise<CodeAnswer | undefined> {
  const phone = form.values.phone.trim();
  if (!form.check({ phone: checkPhone(phone) ?? undefined })) return undefined;
  return form.attemptCode(() => sendSmsCode({ phone, type, areaCode }));
}

/** The send-code countdown's key: the server counts per purpose and number. */
export function phoneCodeKey(type: SendSmsCodeInput['type'], areaCode: string | undefined, phone: string): string {
  return `${type}:${areaCode ?? ''}:${phone.trim()}`;
}
