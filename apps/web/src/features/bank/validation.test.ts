import { describe, expect, it } from 'vitest';
import { checkAddress, cleanBankCard, validateBankCard } from './validation';

const good = { bankName: 'HDFC Bank', cardNumber: '1234 5678 9012', holderName: 'Asha Rao', ifsc: 'hdfc0001234' };

describe('bank card form', () => {
  it('accepts a good card and cleans it', () => {
    expect(validateBankCard(good)).toEqual({});
    expect(cleanBankCard(good)).toEqual({ bankName: 'HDFC Bank', cardNumber: '123456789012', holderName: 'Asha Rao', ifsc: 'HDFC0001234' });
  });
  it('names every missing or malformed field', () => {
    expect(validateBankCard({ bankName: ' ', cardNumber: '12345', holderName: '', ifsc: 'HDFC1001234' })).toEqual({
      bankName: 'BANK_NAME_REQUIRED',
      cardNumber: 'ACCOUNT_NUMBER_FORMAT',
      holderName: 'HOLDER_REQUIRED',
      ifsc: 'IFSC_FORMAT',
    });
  });
});

describe('USDT address', () => {
  it('checks the address against its network', () => {
    expect(checkAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBeUndefined();
    expect(checkAddress('ERC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('ADDRESS_INVALID');
    expect(checkAddress('TON', '  ')).toBe('ADDRESS_REQUIRED');
  });
});
