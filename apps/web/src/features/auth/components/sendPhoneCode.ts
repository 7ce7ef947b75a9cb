import { type CodeSent, checkPhone, type MessageKey } from '@prism/domain';
import { type SendSmsCodeInput, sendSmsCode } from '../api/sendSmsCode';

/** The part of a panel's form (useForm) that sending a code needs. */
interface PhoneForm {
  values: { phone: string };
  check: (found: { phone?: MessageKey | undefined }) => boolean;
  attempt: <T>(request: () => Promise<T>) => Promise<T | undefined>;
}

/**
 * 'Send code' on the register and forgot-password panels: a mistyped number gets its
 * message under Phone and nothing is sent; a refused request shows on the form.
 */
export async function sendPhoneCode(
  form: PhoneForm,
  type: SendSmsCodeInput['type'],
  areaCode: string | undefined,
): Promise<CodeSent | undefined> {
  const phone = form.values.phone.trim();
  if (!form.check({ phone: checkPhone(phone) ?? undefined })) return undefined;
  return form.attempt(() => sendSmsCode({ phone, type, areaCode }));
}
