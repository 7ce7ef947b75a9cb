/**
 * "1 user", "3 users", "0 uses": a count with its noun in English's plural form (Intl.PluralRules),
 * for the operators' texts (the console and the bot's operator messages are in English), instead
 * of "user(s)".
 */
const english = new Intl.PluralRules('en');

export function countOf(count: number, one: string, other: string): string {
  return `${count} ${english.select(count) === 'one' ? one : other}`;
}
