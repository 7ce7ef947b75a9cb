/** Hides the middle of a phone number for lists and logs ("98****3210"). */
export function maskPhone(phone: string): string {
  return phone.length > 4 ? `${phone.slice(0, 2)}****${phone.slice(-4)}` : '****';
}
