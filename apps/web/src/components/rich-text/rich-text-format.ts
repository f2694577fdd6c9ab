/**
 * Conversion between tiptap's JSON and the stored description format of
 * SPEC section 3 / DECISIONS section 4: a list of blocks
 * `{ type, align?, url?, children }` with leaves `{ text, bold?, italic?, underline? }`.
 * Links are inline blocks (`{ type: 'link', url, children: leaves }`) in the stored
 * format and a mark in tiptap; list items hold their text as leaves and any
 * nested list as a block.
 */
import {
  isSafeRichTextUrl,
  parseDescription,
  type RichTextAlign,
  type RichTextBlock,
  type RichTextDocument,
  type RichTextLeaf,
  type RichTextNode,
} from '@gestar/contracts';
import type { JSONContent } from '@tiptap/react';

type TiptapMark = NonNullable<JSONContent['marks']>[number];

const HEADING_TYPES = { 1: 'heading-one', 2: 'heading-two', 3: 'heading-three' } as const;
const HEADING_LEVELS: Record<string, 1 | 2 | 3> = { 'heading-one': 1, 'heading-two': 2, 'heading-three': 3 };

export function isLeaf(node: RichTextNode): node is RichTextLeaf {
  return !('type' in node) && typeof (node as RichTextLeaf).text === 'string';
}

function alignOf(node: JSONContent): RichTextAlign | undefined {
  const align: unknown = node.attrs?.textAlign;
  return align === 'center' || align === 'right' ? align : undefined;
}

function leafOf(text: string, marks: readonly TiptapMark[] | undefined): RichTextLeaf {
  const leaf: RichTextLeaf = { text };
  for (const mark of marks ?? []) {
    if (mark.type === 'bold') leaf.bold = true;
    if (mark.type === 'italic') leaf.italic = true;
    if (mark.type === 'underline') leaf.underline = true;
  }
  return leaf;
}

function linkHref(marks: readonly TiptapMark[] | undefined): string | null {
  const href: unknown = marks?.find((m) => m.type === 'link')?.attrs?.href;
  return typeof href === 'string' && isSafeRichTextUrl(href) ? href : null;
}

/** Inline content of a textblock -> leaves and link blocks (consecutive text with the same link grouped). */
function inlineToNodes(content: readonly JSONContent[] | undefined): RichTextNode[] {
  const out: RichTextNode[] = [];
  let openLink = null as RichTextBlock | null;
  for (const node of content ?? []) {
    const text = node.type === 'hardBreak' ? '\n' : node.type === 'text' ? (node.text ?? '') : null;
    if (text === null) continue;
    // A line break inside a link stays in it.
    const href: string | null = node.type === 'text' ? linkHref(node.marks) : (openLink?.url ?? null);
    const leaf = leafOf(text, node.marks);
    if (href) {
      if (!openLink || openLink.url !== href) {
        openLink = { type: 'link', url: href, children: [] };
        out.push(openLink);
      }
      openLink.children.push(leaf);
    } else {
      openLink = null;
      out.push(leaf);
    }
  }
  return out.length > 0 ? out : [{ text: '' }];
}

function withAlign(block: RichTextBlock, align: RichTextAlign | undefined): RichTextBlock {
  return align ? { ...block, align } : block;
}

function listItemToBlock(item: JSONContent): RichTextBlock {
  const children: RichTextNode[] = [];
  for (const child of item.content ?? []) {
    if (child.type === 'paragraph' || child.type === 'heading') {
      if (children.length > 0) children.push({ text: '\n' });
      children.push(...inlineToNodes(child.content));
    } else {
      const block = nodeToBlock(child);
      if (block) children.push(block);
    }
  }
  return { type: 'list-item', children: children.length > 0 ? children : [{ text: '' }] };
}

function nodeToBlock(node: JSONContent): RichTextBlock | null {
  switch (node.type) {
    case 'paragraph':
      return withAlign({ type: 'paragraph', children: inlineToNodes(node.content) }, alignOf(node));
    case 'heading': {
      const level = Number(node.attrs?.level ?? 1);
      const type = HEADING_TYPES[(level >= 1 && level <= 3 ? level : 3) as 1 | 2 | 3];
      return withAlign({ type, children: inlineToNodes(node.content) }, alignOf(node));
    }
    case 'blockquote': {
      const inner = node.content ?? [];
      // One paragraph in a quote is stored as a quote of leaves, as the original editor did.
      if (inner.length === 1 && inner[0]?.type === 'paragraph') {
        return withAlign({ type: 'block-quote', children: inlineToNodes(inner[0].content) }, alignOf(inner[0]));
      }
      const children = inner.map(nodeToBlock).filter((b): b is RichTextBlock => b !== null);
      return { type: 'block-quote', children: children.length > 0 ? children : [{ text: '' }] };
    }
    case 'bulletList':
    case 'orderedList':
      return {
        type: node.type === 'bulletList' ? 'bulleted-list' : 'numbered-list',
        children: (node.content ?? []).map(listItemToBlock),
      };
    case 'image': {
      const src: unknown = node.attrs?.src;
      return typeof src === 'string' && isSafeRichTextUrl(src) ? { type: 'image', url: src, children: [{ text: '' }] } : null;
    }
    default:
      return null;
  }
}

/** tiptap document -> stored blocks. */
export function tiptapToBlocks(doc: JSONContent): RichTextDocument {
  return (doc.content ?? []).map(nodeToBlock).filter((b): b is RichTextBlock => b !== null);
}

/** tiptap document -> the JSON string the API stores. */
export function tiptapToDescription(doc: JSONContent): string {
  return JSON.stringify(tiptapToBlocks(doc));
}

// ---- stored blocks -> tiptap ----

function leafToText(leaf: RichTextLeaf, href: string | null): JSONContent[] {
  const marks: TiptapMark[] = [];
  if (leaf.bold) marks.push({ type: 'bold' });
  if (leaf.italic) marks.push({ type: 'italic' });
  if (leaf.underline) marks.push({ type: 'underline' });
  if (href) marks.push({ type: 'link', attrs: { href, target: '_blank', rel: 'noopener noreferrer nofollow' } });
  const parts = leaf.text.split('\n');
  const out: JSONContent[] = [];
  parts.forEach((part, i) => {
    if (i > 0) out.push({ type: 'hardBreak' });
    if (part) out.push(marks.length > 0 ? { type: 'text', text: part, marks } : { type: 'text', text: part });
  });
  return out;
}

/** Leaves and links -> tiptap inline content (nested blocks other than links are flattened to their text). */
function nodesToInline(nodes: readonly RichTextNode[], href: string | null = null): JSONContent[] {
  const out: JSONContent[] = [];
  for (const node of nodes) {
    if (isLeaf(node)) out.push(...leafToText(node, href));
    else if (node.type === 'link') out.push(...nodesToInline(node.children, node.url && isSafeRichTextUrl(node.url) ? node.url : href));
    else out.push(...nodesToInline(node.children, href));
  }
  return out;
}

function isInline(node: RichTextNode): boolean {
  return isLeaf(node) || node.type === 'link';
}

function textblock(type: string, children: readonly RichTextNode[], attrs: Record<string, unknown> = {}): JSONContent {
  const content = nodesToInline(children);
  return { type, attrs, ...(content.length > 0 ? { content } : {}) };
}

/** Children that may mix leaves and blocks -> tiptap blocks (runs of inline nodes become paragraphs). */
function mixedToBlocks(children: readonly RichTextNode[]): JSONContent[] {
  const out: JSONContent[] = [];
  let run: RichTextNode[] = [];
  const flush = () => {
    if (run.length > 0) out.push(textblock('paragraph', run));
    run = [];
  };
  for (const child of children) {
    if (isInline(child)) run.push(child);
    else {
      flush();
      out.push(...blockToNodes(child as RichTextBlock));
    }
  }
  flush();
  return out;
}

function blockToNodes(block: RichTextBlock): JSONContent[] {
  const align = block.align && block.align !== 'left' ? { textAlign: block.align } : {};
  switch (block.type) {
    case 'paragraph':
      return block.children.every(isInline) ? [textblock('paragraph', block.children, align)] : mixedToBlocks(block.children);
    case 'heading-one':
    case 'heading-two':
    case 'heading-three':
      return [textblock('heading', block.children, { level: HEADING_LEVELS[block.type], ...align })];
    case 'block-quote': {
      const inner = block.children.every(isInline) ? [textblock('paragraph', block.children, align)] : mixedToBlocks(block.children);
      return [{ type: 'blockquote', content: inner.length > 0 ? inner : [{ type: 'paragraph' }] }];
    }
    case 'bulleted-list':
    case 'numbered-list': {
      const items = block.children.map((child) => {
        const content = isLeaf(child) || child.type !== 'list-item' ? mixedToBlocks([child]) : mixedToBlocks(child.children);
        return { type: 'listItem', content: content.length > 0 ? content : [{ type: 'paragraph' }] };
      });
      return items.length > 0 ? [{ type: block.type === 'bulleted-list' ? 'bulletList' : 'orderedList', content: items }] : [];
    }
    case 'list-item':
      return mixedToBlocks(block.children);
    case 'image':
      return block.url && isSafeRichTextUrl(block.url) ? [{ type: 'image', attrs: { src: block.url } }] : [];
    case 'link':
      return [textblock('paragraph', [block])];
    default:
      return [];
  }
}

/** Stored blocks -> tiptap document. */
export function blocksToTiptap(doc: RichTextDocument): JSONContent {
  const content = doc.flatMap(blockToNodes);
  return { type: 'doc', content: content.length > 0 ? content : [{ type: 'paragraph' }] };
}

/** A stored description (JSON string or plain text) -> tiptap document. */
export function descriptionToTiptap(description: string | null | undefined): JSONContent {
  return blocksToTiptap(parseDescription(description));
}
