import { errorCatalogue } from '@prism/domain';
import { arCatalogue } from '@prism/domain/messages/catalogue/ar';
import { zhTWCatalogue } from '@prism/domain/messages/catalogue/zh-TW';
import { arValidation } from '@prism/domain/messages/validation/ar';
import { zhTWValidation } from '@prism/domain/messages/validation/zh-TW';
import { describe, expect, it, vi } from 'vitest';

describe("another language's messages, in two parts", () => {
  it('the forms bring its validation messages only; the pages beyond login its catalogue, also after a switch', async () => {
    // Test files share their modules (vitest.config.ts, isolate: false): a fresh i18next and fresh registrations.
    vi.resetModules();
    const { i18n } = await import('./i18n');
    const msg = (key: string) => i18n.t(key as 'PHONE_REQUIRED', { ns: 'msg' });
    const own = (locale: string, key: string) => i18n.getResource(locale, 'msg', key) as string | undefined;
    await i18n.init({ lng: 'zh-TW', fallbackLng: 'en-US', resources: {} });

    const { validationMessagesAdded } = await import('./messages');
    await validationMessagesAdded;
    expect(msg('PHONE_REQUIRED')).toBe(zhTWValidation.PHONE_REQUIRED);
    // The login page has no catalogue text in any language: not zh-TW's, not the English fallback.
    expect(own('zh-TW', 'CUSTOMER_SERVICE_NOT_SET')).toBeUndefined();
    expect(own('en-US', 'CUSTOMER_SERVICE_NOT_SET')).toBeUndefined();

    const { catalogueMessagesAdded } = await import('./errorMessages');
    await catalogueMessagesAdded;
    expect(msg('CUSTOMER_SERVICE_NOT_SET')).toBe(zhTWCatalogue.CUSTOMER_SERVICE_NOT_SET);
    expect(msg('PHONE_REQUIRED')).toBe(zhTWValidation.PHONE_REQUIRED);
    expect(own('en-US', 'CUSTOMER_SERVICE_NOT_SET')).toBe(errorCatalogue.CUSTOMER_SERVICE_NOT_SET.message);

    // Signed in, the language changes: both parts of the new one load.
    await i18n.changeLanguage('ar');
    await vi.waitFor(() => {
      expect(msg('INSUFFICIENT_BALANCE')).toBe(arCatalogue.INSUFFICIENT_BALANCE);
      expect(msg('PASSWORD_REQUIRED')).toBe(arValidation.PASSWORD_REQUIRED);
    });
    vi.resetModules();
  });
});
