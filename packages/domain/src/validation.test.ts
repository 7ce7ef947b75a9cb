import { describe, expect, it } from 'vitest';
import { validationMessages } from './errors';
import {
  checkAssetPassword,
  checkCode,
  checkConfirmPassword,
  checkNickname,
  checkPassword,
  checkPhone,
  checkText,
  hasControlCharacters,
  hasErrors,
  normalizeInvitationCode,
  validateChangePasswordForm,
  validateLoginForm,
  validatePasswordWithCodeForm,
} from './validation';

describe('text', () => {
  it.each([
    '\u0000',
    'a\u0000b',
    '\u0001',
    '\u0008',
    '\u000b',
    '\u001b[0m',
    '\u007f',
    '\u0085',
    '\u009f',
    '\ud800',
    'a\ud800',
    '\udc00',
    'x\udfffy',
    '\ud83d\ud83d',
  ])('refuses %j', (text) => {
    expect(hasControlCharacters(text)).toBe(true);
    expect(checkText(text)).toBe('TEXT_CONTROL_CHARACTERS');
  });

  it.each(['', 'Ann Lee', 'line one\nline two\r\n\tend', 'نام', '王小明', 'Nguyễn', '😀 ok', '\u00a0', '\ufeff'])('accepts %j', (text) => {
    expect(hasControlCharacters(text)).toBe(false);
    expect(checkText(text)).toBeNull();
  });
});

describe('phone', () => {
  it('is required', () => {
    expect(checkPhone('')).toBe('PHONE_REQUIRED');
    expect(checkPhone('   ')).toBe('PHONE_REQUIRED');
    expect(checkPhone(undefined)).toBe('PHONE_REQUIRED');
    expect(validationMessages.PHONE_REQUIRED).toBe('Please enter the phone');
  });
  it.each(['123456789', '12345678901', '12345abcde', '+123456789', '１２３４５６７８９０'])('%j is not ten digits', (phone) => {
    expect(checkPhone(phone)).toBe('PHONE_TEN_DIGITS');
    expect(validationMessages.PHONE_TEN_DIGITS).toBe('Enter a ten digit number');
  });
  it('accepts ten digits', () => {
    expect(checkPhone('9876543210')).toBeNull();
  });
});

describe('passwords', () => {
  it('password is required and 6-64 long', () => {
    expect(checkPassword('')).toBe('PASSWORD_REQUIRED');
    expect(checkPassword('12345')).toBe('PASSWORD_LENGTH');
    expect(checkPassword('x'.repeat(65))).toBe('PASSWORD_LENGTH');
    expect(checkPassword('secret')).toBeNull();
  });
  it('confirmation is required and must match', () => {
    expect(checkConfirmPassword('secret', '')).toBe('CONFIRM_REQUIRED');
    expect(checkConfirmPassword('secret', 'secreT')).toBe('PASSWORDS_INCONSISTENT');
    expect(validationMessages.PASSWORDS_INCONSISTENT).toBe('Passwords are inconsistent');
    expect(checkConfirmPassword('secret', 'secret')).toBeNull();
  });
  it('payment password is six digits', () => {
    expect(checkAssetPassword('')).toBe('PASSWORD_REQUIRED');
    expect(checkAssetPassword('12345a')).toBe('ASSET_PASSWORD_FORMAT');
    expect(checkAssetPassword('123456')).toBeNull();
  });
});

describe('code and nickname', () => {
  it('code is required and six digits', () => {
    expect(checkCode('')).toBe('CODE_REQUIRED');
    expect(checkCode('12345')).toBe('CODE_SIX_DIGITS');
    expect(checkCode('1234567')).toBe('CODE_SIX_DIGITS');
    expect(checkCode('123456')).toBeNull();
  });
  it('nickname is 1-32 characters, counting emoji as one', () => {
    expect(checkNickname(' ')).toBe('NICKNAME_LENGTH');
    expect(checkNickname('😀'.repeat(32))).toBeNull();
    expect(checkNickname('a'.repeat(33))).toBe('NICKNAME_LENGTH');
  });
});

describe('forms', () => {
  it('login needs phone and password', () => {
    expect(validateLoginForm({ phone: '', password: '' })).toEqual({ phone: 'PHONE_REQUIRED', password: 'PASSWORD_REQUIRED' });
    expect(hasErrors(validateLoginForm({ phone: '9876543210', password: 'x' }))).toBe(false);
  });
  it('register and forgot-password check every field', () => {
    expect(validatePasswordWithCodeForm({ phone: '1', password: 'secret', confirmPassword: 'other1', code: '' })).toEqual({
      phone: 'PHONE_TEN_DIGITS',
      confirmPassword: 'PASSWORDS_INCONSISTENT',
      code: 'CODE_REQUIRED',
    });
  });
  it('change password needs all three fields', () => {
    expect(validateChangePasswordForm({ password: '', confirmPassword: '', code: '' })).toEqual({
      password: 'PASSWORD_REQUIRED',
      confirmPassword: 'CONFIRM_REQUIRED',
      code: 'CODE_REQUIRED',
    });
  });
});

describe('invitation codes', () => {
  it('reads a code as issued (upper case, no surrounding spaces), wherever it is looked up', () => {
    expect(normalizeInvitationCode(' abcd2345 ')).toBe('ABCD2345');
    expect(normalizeInvitationCode('AbCd2345')).toBe('ABCD2345');
  });
});
