import { describe, expect, it } from 'vitest';
import { broadcastInput, DEFAULT_BROADCAST_TITLE } from './broadcasts';

describe('broadcastInput', () => {
  it('takes the first of several lines as the title, else the default title', () => {
    expect(broadcastInput('New season\nStarts Monday.\nSee you.')).toEqual({ title: 'New season', text: 'Starts Monday.\nSee you.' });
    expect(broadcastInput('  Hello everyone  ')).toEqual({ title: DEFAULT_BROADCAST_TITLE, text: 'Hello everyone' });
    expect(broadcastInput('Only a title\n   ')).toEqual({ title: DEFAULT_BROADCAST_TITLE, text: 'Only a title' });
    expect(broadcastInput('   ')).toBeUndefined();
  });
});
