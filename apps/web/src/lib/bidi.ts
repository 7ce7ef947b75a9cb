/**
 * Wraps text of unknown direction (an operator's reason, a user's input) in
 * Unicode first-strong isolates, so that inside a sentence of the other
 * direction its punctuation stays where it belongs.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
