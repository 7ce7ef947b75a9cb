import { AppError, CODE_RESEND_SECONDS, CODE_VALID_SECONDS, type CodeSent, type Locale } from '@prism/domain';
import type { Logger } from '../../platform/logger';
import type { CodePurpose, CodeService } from './codes';
import { phoneTarget } from './codes';
import type { SmsProvider } from './provider';
import { smsText } from './text';

/** Issues a one-time code for a phone and hands the SMS to the configured provider. */
export function createSmsCodeSender(codes: CodeService, sms: SmsProvider, logger: Logger) {
  return async (purpose: CodePurpose, areaCode: string, phone: string, locale: Locale): Promise<CodeSent> => {
    const issued = await codes.issue(purpose, phoneTarget(areaCode, phone));
    try {
      await sms.send({ areaCode, phone, purpose, text: smsText(locale, issued.code, CODE_VALID_SECONDS / 60) });
    } catch (error) {
      // Undelivered: the code must neither work nor hold back the next request for the resend interval.
      await codes.discard(issued);
      logger.warn({ err: error, provider: sms.name, purpose }, 'sms not sent');
      throw new AppError('SERVICE_UNAVAILABLE');
    }
    return { resendIn: CODE_RESEND_SECONDS, expiresIn: CODE_VALID_SECONDS };
  };
}

export type SmsCodeSender = ReturnType<typeof createSmsCodeSender>;
