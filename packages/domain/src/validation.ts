import { CODE_LENGTH, PHONE_DIGITS } from './constants';
import type { ValidationKey } from './errors';

/**
 * Form rules of specification point 5. Each check returns the key of the
 * message to show, or null when the value is fine. Web and core share them,
 * so the user sees the same message before and after a round trip.
 */
export type Check = ValidationKey | null;
export type FieldErrors<F extends string> = Partial<Record<F, ValidationKey>>;

const blank = (value: string | undefined | null): boolean => value == null || value.trim() === '';
const PHONE = new RegExp(`^\\d{${PHONE_DIGITS}}$`);
const CODE = new RegExp(`^\\d{${CODE_LENGTH}}$`);
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;
export const NICKNAME_MAX = 32;

/** A C0 control other than tab, line feed and carriage return; DEL; or a C1 control. */
const isControl = (c: number) => (c < 0x20 ? c !== 0x09 && c !== 0x0a && c !== 0x0d : c >= 0x7f && c <= 0x9f);
/** The second half of a UTF-16 surrogate pair (NaN past the end is not). */
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;

/**
 * Text a person could have meant to type: no C0 control characters other than
 * tab, line feed and carriage return, no DEL or C1 controls, and no UTF-16
 * surrogate without its pair. NUL in particular cannot be stored (PostgreSQL
 * refuses it), and the others only ever arrive from tools and attacks.
 */
export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isControl(c) || isLowSurrogate(c)) return true;
    if (c >= 0xd800 && c <= 0xdbff) {
      if (!isLowSurrogate(text.charCodeAt(i + 1))) return true;
      i++;
    }
  }
  return false;
}

/** The rule every text field shares, whatever else it checks. */
export function checkText(text: string | undefined | null): Check {
  return text != null && hasControlCharacters(text) ? 'TEXT_CONTROL_CHARACTERS' : null;
}

export function checkPhone(phone: string | undefined | null): Check {
  if (blank(phone)) return 'PHONE_REQUIRED';
  return PHONE.test((phone ?? '').trim()) ? null : 'PHONE_TEN_DIGITS';
}

export function checkPassword(password: string | undefined | null): Check {
  if (password == null || password === '') return 'PASSWORD_REQUIRED';
  return password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX ? null : 'PASSWORD_LENGTH';
}

export function checkConfirmPassword(password: string | undefined | null, confirm: string | undefined | null): Check {
  if (confirm == null || confirm === '') return 'CONFIRM_REQUIRED';
  return confirm === password ? null : 'PASSWORDS_INCONSISTENT';
}

export function checkCode(code: string | undefined | null): Check {
  if (blank(code)) return 'CODE_REQUIRED';
  return CODE.test((code ?? '').trim()) ? null : 'CODE_SIX_DIGITS';
}

export function checkNickname(nickname: string | undefined | null): Check {
  const length = [...(nickname ?? '').trim()].length;
  return length >= 1 && length <= NICKNAME_MAX ? null : 'NICKNAME_LENGTH';
}

/** The payment (asset) password is a 6-digit PIN, as on the payment-password screen. */
export function checkAssetPassword(password: string | undefined | null): Check {
  if (password == null || password === '') return 'PASSWORD_REQUIRED';
  return /^\d{6}$/.test(password) ? null : 'ASSET_PASSWORD_FORMAT';
}

function collect<F extends string>(checks: Record<F, Check>): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const field of Object.keys(checks) as F[]) {
    const key = checks[field];
    if (key) errors[field] = key;
  }
  return errors;
}

export interface LoginForm {
  phone: string;
  password: string;
}
export function validateLoginForm(form: LoginForm): FieldErrors<keyof LoginForm> {
  return collect({ phone: checkPhone(form.phone), password: form.password ? null : 'PASSWORD_REQUIRED' });
}

export interface PasswordWithCodeForm {
  phone: string;
  password: string;
  confirmPassword: string;
  code: string;
}
/**
 * An invitation code as stored: codes are issued in upper case, so every place that looks one up
 * (registration, a power gift's receiver) reads what the user typed the same way.
 */
export const normalizeInvitationCode = (code: string): string => code.trim().toUpperCase();

/** Registration and forgot-password share these rules; the invitation code is optional. */
export function validatePasswordWithCodeForm(form: PasswordWithCodeForm): FieldErrors<keyof PasswordWithCodeForm> {
  return collect({
    phone: checkPhone(form.phone),
    password: checkPassword(form.password),
    confirmPassword: checkConfirmPassword(form.password, form.confirmPassword),
    code: checkCode(form.code),
  });
}

export interface ChangePasswordForm {
  password: string;
  confirmPassword: string;
  code: string;
}
export function validateChangePasswordForm(form: ChangePasswordForm): FieldErrors<keyof ChangePasswordForm> {
  return collect({
    password: checkPassword(form.password),
    confirmPassword: checkConfirmPassword(form.password, form.confirmPassword),
    code: checkCode(form.code),
  });
}

export function hasErrors(errors: Record<string, unknown>): boolean {
  return Object.keys(errors).length > 0;
}
