import { describe, expect, it } from 'vitest';
import { botTexts } from './texts';

/** The bot's own words in Arabic and Persian isolate a name or a code (U+2068 ... U+2069); links stand on their own line. */
describe('bot texts in right-to-left languages', () => {
  for (const code of ['ar', 'fa']) {
    it(`${code}: names and codes are isolated, links on a line of their own`, () => {
      const t = botTexts(code);
      expect(t.welcome('Tess (QA)')).toContain('\u2068Tess (QA)\u2069');
      expect(t.invited('ABCD2345')).toContain('\u2068ABCD2345\u2069');
      expect(t.invitationUnknown('ABCD2345')).toContain('\u2068ABCD2345\u2069');
      expect(t.inviteLink('https://t.me/x?start=A')).toMatch(/\nhttps:\/\/t\.me\/x\?start=A$/);
      expect(t.openAppAt('http://localhost:5173/')).toMatch(/\nhttp:\/\/localhost:5173\/$/);
    });
  }

  it('English carries no isolates', () => {
    expect(botTexts('en').welcome('Tess')).toBe('Welcome to Prism, Tess!');
  });
});
