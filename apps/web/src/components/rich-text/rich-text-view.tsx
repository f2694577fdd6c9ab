/**
 * Read-only rendering of a stored description as React elements: never raw
 * HTML, so text that looks like markup stays text. Links (http, https, mailto
 * only) open in a new tab without access to this window; images are capped at
 * 96 px high (SPEC section 9). Anything else with a URL is shown as text.
 */
import type { CSSProperties, ReactNode } from 'react';
import { Box } from '@mantine/core';
import { isSafeRichTextUrl, parseDescription, type RichTextBlock, type RichTextLeaf, type RichTextNode } from '@gestar/contracts';
import { isLeaf } from './rich-text-format';
import { DescriptionImage } from './description-image';
import classes from './rich-text.module.css';

function renderLeaf(leaf: RichTextLeaf, key: number): ReactNode {
  let node: ReactNode = leaf.text;
  if (leaf.text.includes('\n')) {
    const parts = leaf.text.split('\n');
    node = parts.map((part, i) => (
      <span key={i}>
        {i > 0 && <br />}
        {part}
      </span>
    ));
  }
  if (leaf.bold) node = <strong>{node}</strong>;
  if (leaf.italic) node = <em>{node}</em>;
  if (leaf.underline) node = <u>{node}</u>;
  return <span key={key}>{node}</span>;
}

function renderChildren(children: readonly RichTextNode[]): ReactNode[] {
  return children.map((child, i) => (isLeaf(child) ? renderLeaf(child, i) : renderBlock(child, i)));
}

function renderBlock(block: RichTextBlock, key: number): ReactNode {
  const style: CSSProperties | undefined = block.align ? { textAlign: block.align } : undefined;
  const children = renderChildren(block.children);
  switch (block.type) {
    case 'paragraph':
      return (
        <p key={key} style={style}>
          {children}
        </p>
      );
    case 'heading-one':
      return (
        <h1 key={key} style={style}>
          {children}
        </h1>
      );
    case 'heading-two':
      return (
        <h2 key={key} style={style}>
          {children}
        </h2>
      );
    case 'heading-three':
      return (
        <h3 key={key} style={style}>
          {children}
        </h3>
      );
    case 'block-quote':
      return (
        <blockquote key={key} style={style}>
          {children}
        </blockquote>
      );
    case 'bulleted-list':
      return <ul key={key}>{children}</ul>;
    case 'numbered-list':
      return <ol key={key}>{children}</ol>;
    case 'list-item':
      return <li key={key}>{children}</li>;
    case 'image':
      return block.url && isSafeRichTextUrl(block.url) ? (
        <DescriptionImage key={key} src={block.url} style={{ maxHeight: 96 }} />
      ) : null;
    case 'link':
      return block.url && isSafeRichTextUrl(block.url) ? (
        <a key={key} href={block.url} target="_blank" rel="noopener noreferrer nofollow">
          {children}
        </a>
      ) : (
        <span key={key}>{children}</span>
      );
    default:
      return <span key={key}>{children}</span>;
  }
}

export interface RichTextViewProps {
  /** The stored description: a JSON block list or plain text. */
  value: string | null | undefined;
  className?: string;
  style?: CSSProperties;
}

export function RichTextView({ value, className, style }: RichTextViewProps) {
  const blocks = parseDescription(value);
  return (
    <Box className={[classes.view, className].filter(Boolean).join(' ')} style={style} data-testid="rich-text-view">
      {blocks.map((block, i) => renderBlock(block, i))}
    </Box>
  );
}
