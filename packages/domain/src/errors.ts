// The error catalogue (codes and English messages of the server's errors) is errorCatalogue.ts: a
// module of its own, since the web's first page needs what is here but not the catalogue.

/** Validation messages of specification point 5 (and ours where it has none), keyed for translation. */
export const validationMessages = {
  PHONE_REQUIRED: 'Please enter the phone',
  PHONE_TEN_DIGITS: 'Enter a ten digit number',
  PASSWORD_REQUIRED: 'Please enter the password',
  PASSWORD_LENGTH: 'The password must be 6 to 64 characters',
  CONFIRM_REQUIRED: 'Please confirm the password',
  PASSWORDS_INCONSISTENT: 'Passwords are inconsistent',
  CODE_REQUIRED: 'Please enter the verification code',
  CODE_SIX_DIGITS: 'The verification code is 6 digits',
  NICKNAME_LENGTH: 'The nickname must be 1 to 32 characters',
  ASSET_PASSWORD_FORMAT: 'The payment password is 6 digits',
  AMOUNT_FORMAT: 'Enter an amount with at most 2 decimals',
  AMOUNT_REQUIRED: 'Please enter the amount',
  AMOUNT_POSITIVE: 'The amount must be greater than zero',
  AMOUNT_TOO_LARGE: 'The amount is too large',
  IFSC_FORMAT: 'Enter a valid IFSC code, e.g. SBIN0001234',
  ACCOUNT_NUMBER_FORMAT: 'Enter an account number of 9 to 18 digits',
  HOLDER_REQUIRED: 'Please enter the cardholder name',
  BANK_NAME_REQUIRED: 'Please enter the bank name',
  ADDRESS_REQUIRED: 'Please enter the address',
  REASON_REQUIRED: 'Please enter a reason',
  FIELD_INVALID: 'Invalid value',
  TEXT_CONTROL_CHARACTERS: 'Remove the invisible control characters from this field',
  AREA_CODE_NOT_ALLOWED: 'This service is not available for this country or region',
  TRANSFER_AMOUNT_REQUIRED: 'Fixed-deposit transfer requires an amount',
  ROOM_TIMING_LOCKED: "A room's timing cannot change once it has run sessions: add a new room instead",
  DELETE_CONFIRMATION: 'Type DELETE to confirm',
  ROOM_TIMING_INVALID: 'The session length must divide a day into whole sessions, and betting must close at least 1 s before it ends',
} as const;

export type ValidationKey = keyof typeof validationMessages;

/** Transport-level codes produced by the client (specification point 8). */
export const transportCodes = {
  NETWORK: 5,
  ABORTED: 600003,
  TRANSFER_FAILED: 602001,
  SOCKET_CONNECT_FAILED: 600009,
  SOCKET_CLOSED: 10002,
} as const;

export const SUCCESS_CODE = 200;
/** Codes that end the session on the client: show the message, log out after 1 s. */
export const SESSION_EXPIRY_CODES: readonly number[] = [401, 50001];
