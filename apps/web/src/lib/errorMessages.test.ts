import { errorCatalogue, validationMessages } from '@prism/domain';
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n';

const msg = (key: string) => i18n.t(key as 'PHONE_REQUIRED', { ns: 'msg' });

describe("the messages' English texts", () => {
  it("are there once i18next starts: the validation messages with the forms, the catalogue's with the pages beyond login", async () => {
    // As in the app, where the layout of the pages beyond login may load before i18next is initialised
    // (app/router.tsx's preloadRoute): what is registered then must survive init().
    await import('./messages');
    await import('./errorMessages');
    if (!i18n.isInitialized) await i18n.init({ lng: 'en-US', fallbackLng: 'en-US', resources: {} });
    expect(msg('PHONE_REQUIRED')).toBe(validationMessages.PHONE_REQUIRED);
    expect(msg('CUSTOMER_SERVICE_NOT_SET')).toBe(errorCatalogue.CUSTOMER_SERVICE_NOT_SET.message);
    expect(msg('INSUFFICIENT_BALANCE')).toBe(errorCatalogue.INSUFFICIENT_BALANCE.message);
  });
});
