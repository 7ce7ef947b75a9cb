import { isIfsc, isValidAddress, type MessageKey, normaliseAccountNumber, type UsdtNetwork } from '@prism/domain';

export interface BankCardValues {
  bankName: string;
  cardNumber: string;
  holderName: string;
  ifsc: string;
}

/** The rules of a bank card, with the domain's messages: bank name, 9-18 digit account number, holder, IFSC. */
export function validateBankCard(values: BankCardValues): Partial<Record<keyof BankCardValues, MessageKey>> {
  const errors: Partial<Record<keyof BankCardValues, MessageKey>> = {};
  if (!values.bankName.trim()) errors.bankName = 'BANK_NAME_REQUIRED';
  if (!normaliseAccountNumber(values.cardNumber)) errors.cardNumber = 'ACCOUNT_NUMBER_FORMAT';
  if (!values.holderName.trim()) errors.holderName = 'HOLDER_REQUIRED';
  if (!isIfsc(values.ifsc)) errors.ifsc = 'IFSC_FORMAT';
  return errors;
}

/** What is sent: trimmed, the number without spaces, the IFSC in capitals. */
export function cleanBankCard(values: BankCardValues): BankCardValues {
  return {
    bankName: values.bankName.trim(),
    cardNumber: normaliseAccountNumber(values.cardNumber) ?? values.cardNumber.trim(),
    holderName: values.holderName.trim(),
    ifsc: values.ifsc.trim().toUpperCase(),
  };
}

/** An address for `network`, checked before it is sent. */
export function checkAddress(network: UsdtNetwork, address: string): MessageKey | undefined {
  if (!address.trim()) return 'ADDRESS_REQUIRED';
  return isValidAddress(network, address) ? undefined : 'ADDRESS_INVALID';
}
