import { describe, expect, it } from 'vitest';
import { SUPPORT_TEXT_MAX, supportMessageProblem, supportTopicName } from './rules';

describe('support rules', () => {
  it('a message needs visible text or an attachment, and fits', () => {
    expect(supportMessageProblem('hello', false)).toBeUndefined();
    expect(supportMessageProblem('   ', false)).toBe('empty');
    expect(supportMessageProblem('', true)).toBeUndefined();
    expect(supportMessageProblem('x'.repeat(SUPPORT_TEXT_MAX), false)).toBeUndefined();
    expect(supportMessageProblem('x'.repeat(SUPPORT_TEXT_MAX + 1), true)).toBe('tooLong');
  });

  it('a topic name is 1 to 128 characters and starts with the player id', () => {
    expect(supportTopicName(7, undefined)).toBe('#7');
    expect(supportTopicName(7, ' Ana ')).toBe('#7 Ana');
    expect(supportTopicName(7, 'n'.repeat(300))).toHaveLength(128);
  });
});
