import { ApiError } from '@prism/client';
import { describe, expect, it } from 'vitest';
import { createIntent } from './intent';

function counter() {
  let n = 0;
  return () => `key-${++n}`;
}

describe('createIntent (Idempotency-Key per user intent)', () => {
  it('reuses the key when the same submit is retried after a network failure', () => {
    const intent = createIntent(counter());
    expect(intent.keyFor({ amount: '1000' })).toBe('key-1');
    intent.settle(new ApiError(5, 'net error', 'transport'));
    expect(intent.keyFor({ amount: '1000' })).toBe('key-1');
  });
  it('takes a new key for a different input', () => {
    const intent = createIntent(counter());
    intent.keyFor({ amount: '1000' });
    intent.settle(new ApiError(5, 'net error', 'transport'));
    expect(intent.keyFor({ amount: '2000' })).toBe('key-2');
  });
  it('takes a new key after an answer, success or refusal', () => {
    const intent = createIntent(counter());
    intent.keyFor({ amount: '1000' });
    intent.settle();
    expect(intent.keyFor({ amount: '1000' })).toBe('key-2');
    intent.settle(new ApiError(10005, 'Withdrawal verification code is incorrect', 'business'));
    expect(intent.keyFor({ amount: '1000' })).toBe('key-3');
  });
});
