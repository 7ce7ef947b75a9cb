/** Indian Financial System Code: 4 letters (bank), a zero, 6 letters or digits (branch). */
export function isIfsc(code: string): boolean {
  return /^[A-Z]{4}0[A-Z0-9]{6}$/.test(code.trim().toUpperCase());
}

/** Bank account numbers: 9 to 18 digits (spaces allowed while typing). */
export function normaliseAccountNumber(text: string): string | undefined {
  const digits = text.replace(/\s+/g, '');
  return /^\d{9,18}$/.test(digits) ? digits : undefined;
}

/** "••••1234" for lists: never show a whole account number again. */
export function maskAccountNumber(number: string): string {
  return `••••${number.slice(-4)}`;
}
