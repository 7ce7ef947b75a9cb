/**
 * The small Markdown subset of the introduction pages: headings (#, ##, ###),
 * bullet and numbered lists, paragraphs, **bold** and `code`. It parses to
 * plain data that React renders as text, so operator text can never inject HTML.
 */
export type Inline = { kind: 'text' | 'bold' | 'code'; text: string };
export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; inline: Inline[] }
  | { kind: 'paragraph'; inline: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] };

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const pattern = /\*\*([^*]+)\*\*|`([^`]+)`/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) out.push({ kind: 'text', text: text.slice(last, match.index) });
    out.push(match[1] !== undefined ? { kind: 'bold', text: match[1] } : { kind: 'code', text: match[2] ?? '' });
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push({ kind: 'text', text: text.slice(last) });
  return out;
}

const HEADING = /^(#{1,3})\s+(.*)$/;
const BULLET = /^[-*]\s+(.*)$/;
const NUMBERED = /^\d+[.)]\s+(.*)$/;

/** Appends an item to the list just before it (same kind), or starts a list. */
function addListItem(blocks: Block[], ordered: boolean, text: string): void {
  const previous = blocks.at(-1);
  const inline = parseInline(text);
  if (previous?.kind === 'list' && previous.ordered === ordered) previous.items.push(inline);
  else blocks.push({ kind: 'list', ordered, items: [inline] });
}

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', inline: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const heading = HEADING.exec(line);
    const item = BULLET.exec(line) ?? NUMBERED.exec(line);
    if (!line) flush();
    else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: (heading[1] as string).length as 1 | 2 | 3, inline: parseInline(heading[2] ?? '') });
    } else if (item) {
      flush();
      addListItem(blocks, !BULLET.test(line), item[1] ?? '');
    } else paragraph.push(line);
  }
  flush();
  return blocks;
}
