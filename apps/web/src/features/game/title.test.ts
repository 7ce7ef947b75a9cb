import { describe, expect, it } from 'vitest';
import { splitTitle } from './title';

describe('the session title', () => {
  it('sets the period id apart when the title ends with it', () => {
    expect(splitTitle({ gameTitle: '1 Min · 20261123100789', periodId: '20261123100789' })).toEqual({
      prefix: '1 Min · ',
      periodInTitle: true,
    });
  });

  it('keeps any other title whole (the period id is then shown on its own line)', () => {
    expect(splitTitle({ gameTitle: 'Lucky room', periodId: '20261123100789' })).toEqual({ prefix: 'Lucky room', periodInTitle: false });
    expect(splitTitle({ gameTitle: 'x', periodId: '' })).toEqual({ prefix: 'x', periodInTitle: false });
  });
});
