import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One word per action in every text a user reads, whoever writes it (the app, the server's
 * messages, the bot, the notices): Traditional Chinese says 儲值 for recharge and deposit and 提領 for
 * withdraw (Taiwan's usage), never 充值 or 提現; Arabic and Persian name Telegram's own Start button
 * (ابدأ, شروع), never the English "Start". docs/telegram.md lists the decisions.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8');

const USER_TEXTS = [
  'apps/web/src/i18n/locales/zh-TW.ts',
  'apps/web/src/i18n/locales/app/zh-TW.ts',
  'packages/domain/src/messages/validation/zh-TW.ts',
  'packages/domain/src/messages/catalogue/zh-TW.ts',
  'packages/domain/src/messages/telegram.ts',
  'apps/core/src/modules/message/templates.ts',
  'bot/src/texts.ts',
  'bot/src/fallbackTexts.ts',
];

describe('the terms', () => {
  it.each(USER_TEXTS)('%s: 儲值 and 提領, never 充值 or 提現', (path) => {
    expect(read(path)).not.toMatch(/充值|提現/);
  });

  it('the web and the server say 儲值 and 提領', () => {
    const app = read('apps/web/src/i18n/locales/app/zh-TW.ts');
    expect(app).toContain('儲值');
    expect(app).toContain('提領');
  });

  it.each([
    ['apps/web/src/i18n/locales/app/ar.ts', 'ابدأ'],
    ['apps/web/src/i18n/locales/app/fa.ts', 'شروع'],
    ['packages/domain/src/messages/catalogue/ar.ts', 'ابدأ'],
    ['packages/domain/src/messages/catalogue/fa.ts', 'شروع'],
  ])("%s names Telegram's localised Start button", (path, start) => {
    const text = read(path);
    expect(text).not.toMatch(/\bStart\b/);
    expect(text).toContain(start);
  });

  it.each(['packages/domain/src/messages/validation/ar.ts', 'packages/domain/src/messages/validation/fa.ts'])(
    '%s never says the English Start',
    (path) => {
      expect(read(path)).not.toMatch(/\bStart\b/);
    },
  );
});
