import { describe, expect, it } from 'vitest';
import { parseReviewCallback, reviewCallbackData, reviewCallbackPattern } from './reviewCallback';

describe("the operator's review buttons", () => {
  it('spells and reads the callback data the same way', () => {
    expect(reviewCallbackData('approve', 42)).toBe('wd:a:42');
    expect(reviewCallbackData('reject', 7)).toBe('wd:r:7');
    expect(parseReviewCallback('wd:a:42')).toEqual({ decision: 'approve', withdrawalId: 42 });
    expect(parseReviewCallback('wd:r:7')).toEqual({ decision: 'reject', withdrawalId: 7 });
    expect(reviewCallbackPattern('approve').exec('wd:a:42')?.[1]).toBe('42');
  });

  it('reads nothing from other data', () => {
    for (const data of ['wd:a:', 'wd:x:1', 'wd:a:1x', 'xwd:a:1', 'wd:r:-1']) expect(parseReviewCallback(data)).toBeUndefined();
  });
});
