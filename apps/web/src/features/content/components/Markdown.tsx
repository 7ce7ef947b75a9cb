import { type Inline, parseMarkdown } from '../lib/markdown';

function InlineText({ parts }: { parts: Inline[] }) {
  return (
    <>
      {parts.map((part, i) =>
        part.kind === 'bold' ? <strong key={i}>{part.text}</strong> : part.kind === 'code' ? <code key={i}>{part.text}</code> : part.text,
      )}
    </>
  );
}

/** Renders operator text as React text nodes only (no HTML is ever injected). */
export function Markdown({ source }: { source: string }) {
  return (
    <div className="markdown">
      {parseMarkdown(source).map((block, i) => {
        const key = `${block.kind}-${i}`;
        if (block.kind === 'heading') {
          const Tag = block.level === 1 ? 'h2' : block.level === 2 ? 'h3' : 'h4';
          return (
            <Tag key={key}>
              <InlineText parts={block.inline} />
            </Tag>
          );
        }
        if (block.kind === 'paragraph')
          return (
            <p key={key}>
              <InlineText parts={block.inline} />
            </p>
          );
        const List = block.ordered ? 'ol' : 'ul';
        return (
          <List key={key}>
            {block.items.map((item, j) => (
              <li key={j}>
                <InlineText parts={item} />
              </li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
