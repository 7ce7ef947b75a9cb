import { describe, expect, it } from 'vitest';
import { type Typed, typeKeys } from './hiddenInput';

const start: Typed = { value: '', state: 'typing' };

describe('hidden password input', () => {
  it('collects keys until Enter, across chunks, with Backspace erasing', () => {
    const partly = typeKeys(start, 'secreX');
    expect(partly).toEqual({ value: 'secreX', state: 'typing' });
    expect(typeKeys(partly, '\u007ft pass\r')).toEqual({ value: 'secret pass', state: 'done' });
  });

  it('cancels on Ctrl-C or Ctrl-D and ignores other control keys', () => {
    expect(typeKeys(start, 'abc\u0003')).toEqual({ value: '', state: 'cancelled' });
    expect(typeKeys(start, '\u0004')).toEqual({ value: '', state: 'cancelled' });
    expect(typeKeys(start, 'a\u001bb\n')).toEqual({ value: 'ab', state: 'done' });
  });
});
