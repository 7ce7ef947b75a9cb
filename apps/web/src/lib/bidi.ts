import { isolate, isRtl, type Locale } from '@prism/domain';

/**
 * Wraps text of unknown direction (an operator's reason, a user's input) in
 * Unicode first-strong isolates, so that inside a sentence of the other
 * direction its punctuation stays where it belongs (the domain's isolate).
 */
export { isolate };

/**
 * i18next's interpolation for the app: in a right-to-left language (fa, ar) every value put into a
 * sentence ({{amount}}, {{reason}}, {{coin}}, a date, a count) is isolated, so an amount keeps its
 * sign in front and a Latin reason does not pull "السبب:" around; left-to-right languages get the
 * value as it is. Values are not HTML-escaped: React escapes what it renders.
 */
export function bidiInterpolation(locale: () => Locale): { escapeValue: true; escape: (value: unknown) => string } {
  return {
    escapeValue: true,
    escape: (value) => {
      const text = String(value ?? '');
      return text && isRtl(locale()) ? isolate(text) : text;
    },
  };
}
