import { z } from 'zod';
import { MESSAGES, textTooLongMax } from '../messages';
import { TEXT_LIMITS } from '../constants';

/**
 * Rich-text task descriptions (DECISIONS.md section 4). Stored as a JSON string
 * holding a list of blocks `{ type, align?, url?, children }` whose leaves are
 * `{ text, bold?, italic?, underline? }`; a plain string is one paragraph.
 */

const v = MESSAGES.validation;

export const RICH_TEXT_BLOCK_TYPES = [
  'paragraph',
  'heading-one',
  'heading-two',
  'heading-three',
  'block-quote',
  'bulleted-list',
  'numbered-list',
  'list-item',
  'image',
  'link',
] as const;
export type RichTextBlockType = (typeof RICH_TEXT_BLOCK_TYPES)[number];

export const RICH_TEXT_ALIGNS = ['left', 'center', 'right'] as const;
export type RichTextAlign = (typeof RICH_TEXT_ALIGNS)[number];

/** Blocks that must carry a `url`. */
export const RICH_TEXT_URL_TYPES: readonly RichTextBlockType[] = ['image', 'link'];

/** Deepest block nesting accepted (a top-level block is depth 1). */
export const RICH_TEXT_MAX_DEPTH = 8;
export const RICH_TEXT_URL_MAX_LENGTH = 2000;

export interface RichTextLeaf {
  text: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
}
export interface RichTextBlock {
  type: RichTextBlockType;
  align?: RichTextAlign;
  url?: string;
  children: RichTextNode[];
}
export type RichTextNode = RichTextBlock | RichTextLeaf;
export type RichTextDocument = RichTextBlock[];

const SAFE_URL =
  /^(?:https?:\/\/[^\s/?#@]+(?:[/?#][^\s]*)?|mailto:[^\s]+|\/api\/attachments\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** The path of an image uploaded for a description (`POST /api/attachments/images`). */
export const DESCRIPTION_IMAGE_PATH = /^\/api\/attachments\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * Only http, https and mailto links and images, and the path of an uploaded image; never
 * `javascript:` or `data:`.
 */
export function isSafeRichTextUrl(url: string): boolean {
  return SAFE_URL.test(url);
}

export const RichTextUrlSchema = z
  .string({ error: v.invalidUrl })
  .trim()
  .max(RICH_TEXT_URL_MAX_LENGTH, { error: v.invalidUrl })
  .refine(isSafeRichTextUrl, { error: v.invalidUrl });

export const RichTextLeafSchema = z.object({
  text: z.string({ error: v.invalidRichText }),
  bold: z.boolean({ error: v.invalidRichText }).optional(),
  italic: z.boolean({ error: v.invalidRichText }).optional(),
  underline: z.boolean({ error: v.invalidRichText }).optional(),
});

export const RichTextBlockSchema: z.ZodType<RichTextBlock> = z
  .object({
    type: z.enum(RICH_TEXT_BLOCK_TYPES, { error: v.invalidRichText }),
    align: z.enum(RICH_TEXT_ALIGNS, { error: v.invalidRichText }).optional(),
    url: RichTextUrlSchema.optional(),
    get children(): z.ZodArray<z.ZodType<RichTextNode>> {
      return z.array(z.union([RichTextLeafSchema, RichTextBlockSchema], { error: v.invalidRichText }), {
        error: v.invalidRichText,
      });
    },
  })
  .superRefine((block, ctx) => {
    if (RICH_TEXT_URL_TYPES.includes(block.type) && !block.url) {
      ctx.addIssue({ code: 'custom', path: ['url'], message: v.invalidUrl });
    }
  });

/** Block nesting depth of any JSON value (iterative, so hostile input cannot blow the stack). */
export function richTextDepth(value: unknown): number {
  let max = 0;
  const stack: Array<{ node: unknown; depth: number }> = [];
  if (Array.isArray(value)) for (const n of value) stack.push({ node: n, depth: 1 });
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const children = (node as { children?: unknown }).children;
    if (!Array.isArray(children)) continue;
    if (depth > max) max = depth;
    if (depth > RICH_TEXT_MAX_DEPTH) return depth;
    for (const child of children) stack.push({ node: child, depth: depth + 1 });
  }
  return max;
}

export const RichTextDocumentSchema = z
  .array(RichTextBlockSchema, { error: v.invalidRichText })
  .refine((doc) => richTextDepth(doc) <= RICH_TEXT_MAX_DEPTH, { error: v.invalidRichText });

/** A string that is meant to be a rich-text document rather than plain text. */
function looksLikeDocument(s: string): boolean {
  return /^\s*\[\s*(\{|\])/.test(s) || /^\s*\{\s*"/.test(s);
}

type ParsedDescription =
  { kind: 'plain'; text: string } | { kind: 'document'; doc: RichTextDocument } | { kind: 'invalid'; message: string };

function analyse(s: string): ParsedDescription {
  if (!looksLikeDocument(s)) return { kind: 'plain', text: s };
  let raw: unknown;
  try {
    raw = JSON.parse(s);
  } catch {
    return { kind: 'invalid', message: v.invalidRichText };
  }
  if (richTextDepth(raw) > RICH_TEXT_MAX_DEPTH) return { kind: 'invalid', message: v.invalidRichText };
  const result = RichTextDocumentSchema.safeParse(raw);
  if (result.success) return { kind: 'document', doc: result.data };
  const urlIssue = result.error.issues.some((i) => i.message === v.invalidUrl);
  return { kind: 'invalid', message: urlIssue ? v.invalidUrl : v.invalidRichText };
}

function plainDocument(text: string): RichTextDocument {
  return [{ type: 'paragraph', children: [{ text }] }];
}

/**
 * A description string as the API stores it. Documents are re-serialised from
 * the parsed value (unknown keys dropped); plain strings pass unchanged.
 */
export const DescriptionSchema = z
  .string({ error: v.invalidRichText })
  .max(TEXT_LIMITS.description, { error: textTooLongMax(TEXT_LIMITS.description) })
  .transform((s, ctx) => {
    const parsed = analyse(s);
    if (parsed.kind === 'invalid') {
      ctx.issues.push({ code: 'custom', message: parsed.message, input: s });
      return z.NEVER;
    }
    return parsed.kind === 'document' ? JSON.stringify(parsed.doc) : s;
  });

/** Parses a stored description; plain text (or anything unreadable) becomes one paragraph. */
export function parseDescription(s: string | null | undefined): RichTextDocument {
  if (s === null || s === undefined) return plainDocument('');
  const parsed = analyse(s);
  return parsed.kind === 'document' ? parsed.doc : plainDocument(s);
}

function isLeaf(node: RichTextNode): node is RichTextLeaf {
  return typeof (node as RichTextLeaf).text === 'string' && !('type' in node);
}

/** True when the description has only blank text and no image or link. */
export function isDescriptionEmpty(s: string | null | undefined): boolean {
  const stack: RichTextNode[] = [...parseDescription(s)];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isLeaf(node)) {
      if (node.text.trim() !== '') return false;
      continue;
    }
    if (RICH_TEXT_URL_TYPES.includes(node.type) && node.url) return false;
    stack.push(...node.children);
  }
  return true;
}

/** The description's text without formatting (blocks separated by a line break), for previews and exports. */
export function descriptionToPlainText(s: string | null | undefined): string {
  const lines: string[] = [];
  const walk = (nodes: RichTextNode[]): string => nodes.map((n) => (isLeaf(n) ? n.text : walk(n.children))).join('');
  for (const block of parseDescription(s)) {
    if (['bulleted-list', 'numbered-list'].includes(block.type)) {
      for (const item of block.children) lines.push(isLeaf(item) ? item.text : walk(item.children));
    } else {
      lines.push(walk(block.children));
    }
  }
  return lines.join('\n').trim();
}

/** Required description (task create): present and not empty per isDescriptionEmpty. */
export const RequiredDescriptionSchema = z
  .string({ error: v.descripcionRequired })
  .refine((s) => !isDescriptionEmpty(s), { error: v.descripcionRequired, abort: true })
  .pipe(DescriptionSchema);
