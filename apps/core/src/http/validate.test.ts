import { AppError } from '@prism/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { field, parseInput } from './validate';

const form = z.object({
  nickName: field.optionalText(32),
  phone: field.checked((value) => (value ? null : 'PHONE_REQUIRED')),
  value: field.text(64),
});

function refusal(input: Record<string, string>): AppError {
  try {
    parseInput(form, input);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('the shared text rule of the field builders', () => {
  it.each(['\u0000', 'a\u0000', '\u001b[1m', '\u007f', '\ud800'])('refuses %j in every kind of text field, naming it', (bad) => {
    for (const name of ['nickName', 'phone', 'value'] as const) {
      const error = refusal({ phone: '1', value: 'v', [name]: bad });
      expect(error.key).toBe('VALIDATION');
      expect(error.fields).toEqual({ [name]: 'TEXT_CONTROL_CHARACTERS' });
    }
  });

  it('keeps ordinary text, line breaks included', () => {
    expect(parseInput(form, { nickName: ' Ann ', phone: '1', value: 'two\nlines' })).toEqual({
      nickName: 'Ann',
      phone: '1',
      value: 'two\nlines',
    });
  });
});
