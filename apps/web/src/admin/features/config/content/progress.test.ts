import { describe, expect, it } from 'vitest';
import { deliveryProgress } from './progress';

describe('broadcast delivery progress', () => {
  it('counts sent chats out of every linked one, naming the failures', () => {
    expect(deliveryProgress({})).toBe('No linked Telegram chats');
    expect(deliveryProgress({ none: 5 })).toBe('No linked Telegram chats');
    expect(deliveryProgress({ sent: 12, pending: 25, failed: 2, blocked: 1, none: 9 })).toBe(
      '12 of 40 Telegram chats (2 failed, 1 blocked)',
    );
    expect(deliveryProgress({ sent: 3 })).toBe('3 of 3 Telegram chats');
  });
});
