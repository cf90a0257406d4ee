import { consentTextBlocks, type ConsentSpan } from '@study/contracts';
import { Fragment, useMemo } from 'react';

export interface ConsentDocumentProps {
  /** A consent text in the markup of @study/contracts consentTextBlocks. */
  text: string;
  className?: string;
}

function Spans({ spans }: { spans: ConsentSpan[] }) {
  return (
    <>
      {spans.map((span, i) => (
        <Fragment key={i}>{span.bold ? <strong>{span.text}</strong> : span.text}</Fragment>
      ))}
    </>
  );
}

/** A consent text laid out as the form reads: headings, paragraphs and lists (text only, no HTML from the server). */
export function ConsentDocument({ text, className }: ConsentDocumentProps) {
  const blocks = useMemo(() => consentTextBlocks(text), [text]);
  return (
    <div className={['prose', className].filter(Boolean).join(' ')}>
      {blocks.map((block, i) => {
        if (block.kind === 'heading') {
          return (
            <h2 key={i}>
              <Spans spans={block.spans} />
            </h2>
          );
        }
        if (block.kind === 'paragraph') {
          return (
            <p key={i}>
              <Spans spans={block.spans} />
            </p>
          );
        }
        const List = block.ordered ? 'ol' : 'ul';
        return (
          <List key={i}>
            {block.items.map((item, j) => (
              <li key={j}>
                <Spans spans={item} />
              </li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
