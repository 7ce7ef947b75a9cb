import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown';

describe('the introduction pages’ Markdown subset', () => {
  it('parses headings, lists and paragraphs', () => {
    expect(parseMarkdown('## Title\nfirst line\nsecond line\n\n- a\n- b\n1. one\n2. two')).toEqual([
      { kind: 'heading', level: 2, inline: [{ kind: 'text', text: 'Title' }] },
      { kind: 'paragraph', inline: [{ kind: 'text', text: 'first line second line' }] },
      { kind: 'list', ordered: false, items: [[{ kind: 'text', text: 'a' }], [{ kind: 'text', text: 'b' }]] },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: 'one' }], [{ kind: 'text', text: 'two' }]] },
    ]);
  });

  it('keeps HTML as plain text and marks only bold and code', () => {
    expect(parseInline('<img src=x onerror=alert(1)> **bold** `code`')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)> ' },
      { kind: 'bold', text: 'bold' },
      { kind: 'text', text: ' ' },
      { kind: 'code', text: 'code' },
    ]);
  });
});
