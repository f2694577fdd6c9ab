import { describe, expect, it } from 'vitest';
import { DescriptionSchema, type RichTextDocument } from '@gestar/contracts';
import type { JSONContent } from '@tiptap/react';
import { blocksToTiptap, descriptionToTiptap, tiptapToBlocks, tiptapToDescription } from './rich-text-format';

const text = (t: string, ...marks: string[]): JSONContent =>
  marks.length ? { type: 'text', text: t, marks: marks.map((type) => ({ type })) } : { type: 'text', text: t };
const link = (t: string, href: string): JSONContent => ({ type: 'text', text: t, marks: [{ type: 'link', attrs: { href } }] });
const doc = (...content: JSONContent[]): JSONContent => ({ type: 'doc', content });

describe('tiptap -> stored blocks', () => {
  it('keeps bold, italic and underline as flags of each leaf, and the alignment of a paragraph', () => {
    const blocks = tiptapToBlocks(
      doc({ type: 'paragraph', attrs: { textAlign: 'center' }, content: [text('Cortar '), text('tablas', 'bold', 'underline'), text(' ya', 'italic')] }),
    );
    expect(blocks).toEqual([
      {
        type: 'paragraph',
        align: 'center',
        children: [{ text: 'Cortar ' }, { text: 'tablas', bold: true, underline: true }, { text: ' ya', italic: true }],
      },
    ]);
  });

  it('does not store a left or unknown alignment', () => {
    const blocks = tiptapToBlocks(doc({ type: 'paragraph', attrs: { textAlign: 'left' }, content: [text('a')] }, { type: 'paragraph', attrs: { textAlign: 'justify' }, content: [text('b')] }));
    expect(blocks.map((b) => b.align)).toEqual([undefined, undefined]);
  });

  it('groups consecutive text with the same link into one link block, and splits different links', () => {
    const blocks = tiptapToBlocks(
      doc({
        type: 'paragraph',
        content: [text('Ver '), link('el ', 'https://a.example/x'), { ...link('manual', 'https://a.example/x'), marks: [{ type: 'bold' }, { type: 'link', attrs: { href: 'https://a.example/x' } }] }, link(' otro', 'https://b.example')],
      }),
    );
    expect(blocks[0]!.children).toEqual([
      { text: 'Ver ' },
      { type: 'link', url: 'https://a.example/x', children: [{ text: 'el ' }, { text: 'manual', bold: true }] },
      { type: 'link', url: 'https://b.example', children: [{ text: ' otro' }] },
    ]);
  });

  it('keeps a line break inside a link in the link, and as "\\n" elsewhere', () => {
    const blocks = tiptapToBlocks(
      doc({ type: 'paragraph', content: [link('uno', 'https://a.example'), { type: 'hardBreak' }, link('dos', 'https://a.example'), text(' fin'), { type: 'hardBreak' }] }),
    );
    expect(blocks[0]!.children).toEqual([
      { type: 'link', url: 'https://a.example', children: [{ text: 'uno' }, { text: '\n' }, { text: 'dos' }] },
      { text: ' fin' },
      { text: '\n' },
    ]);
  });

  it('drops a javascript: link (its text stays) and a data: image', () => {
    const blocks = tiptapToBlocks(
      doc(
        { type: 'paragraph', content: [link('clic', 'javascript:alert(1)')] },
        { type: 'image', attrs: { src: 'data:image/png;base64,AAAA' } },
        { type: 'image', attrs: { src: '/api/attachments/0b6e2a52-3f1a-4c1e-9a55-3c2b1d7e8f90' } },
      ),
    );
    expect(blocks).toEqual([
      { type: 'paragraph', children: [{ text: 'clic' }] },
      { type: 'image', url: '/api/attachments/0b6e2a52-3f1a-4c1e-9a55-3c2b1d7e8f90', children: [{ text: '' }] },
    ]);
  });

  it('maps heading levels 1 to 3 and stores deeper ones as level 3', () => {
    const blocks = tiptapToBlocks(
      doc(...[1, 2, 3, 5].map((level) => ({ type: 'heading', attrs: { level }, content: [text(`h${level}`)] }))),
    );
    expect(blocks.map((b) => b.type)).toEqual(['heading-one', 'heading-two', 'heading-three', 'heading-three']);
  });

  it('stores a quote of one paragraph as a quote of leaves, and of several as a quote of blocks', () => {
    const [single, several] = tiptapToBlocks(
      doc(
        { type: 'blockquote', content: [{ type: 'paragraph', content: [text('cita')] }] },
        { type: 'blockquote', content: [{ type: 'paragraph', content: [text('a')] }, { type: 'paragraph', content: [text('b')] }] },
      ),
    );
    expect(single).toEqual({ type: 'block-quote', children: [{ text: 'cita' }] });
    expect(several).toEqual({
      type: 'block-quote',
      children: [
        { type: 'paragraph', children: [{ text: 'a' }] },
        { type: 'paragraph', children: [{ text: 'b' }] },
      ],
    });
  });

  it('holds a list item\'s text as leaves and its nested list as a block', () => {
    const blocks = tiptapToBlocks(
      doc({
        type: 'bulletList',
        content: [
          {
            type: 'listItem',
            content: [
              { type: 'paragraph', content: [text('Lijar')] },
              { type: 'orderedList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [text('grano 80')] }] }] },
            ],
          },
          { type: 'listItem', content: [{ type: 'paragraph' }] },
        ],
      }),
    );
    expect(blocks).toEqual([
      {
        type: 'bulleted-list',
        children: [
          {
            type: 'list-item',
            children: [{ text: 'Lijar' }, { type: 'numbered-list', children: [{ type: 'list-item', children: [{ text: 'grano 80' }] }] }],
          },
          { type: 'list-item', children: [{ text: '' }] },
        ],
      },
    ]);
  });

  it('writes a description the API accepts as it is', () => {
    const description = tiptapToDescription(
      doc({ type: 'paragraph', content: [text('Hola '), text('mundo', 'bold'), link(' enlace', 'https://a.example')] }),
    );
    expect(DescriptionSchema.parse(description)).toBe(description);
  });
});

describe('stored blocks -> tiptap', () => {
  const stored: RichTextDocument = [
    { type: 'heading-two', align: 'right', children: [{ text: 'Título' }] },
    {
      type: 'paragraph',
      children: [{ text: 'Negrita', bold: true }, { text: '\n' }, { type: 'link', url: 'https://a.example', children: [{ text: 'ir', italic: true }] }],
    },
    { type: 'numbered-list', children: [{ type: 'list-item', children: [{ text: 'uno' }] }, { type: 'list-item', children: [{ text: 'dos' }] }] },
    { type: 'block-quote', children: [{ text: 'dicho' }] },
    { type: 'image', url: 'https://a.example/foto.png', children: [{ text: '' }] },
  ];

  it('comes back unchanged through the editor (stored -> tiptap -> stored)', () => {
    expect(tiptapToBlocks(blocksToTiptap(stored))).toEqual(stored);
  });

  it('turns a line break into a hardBreak and a link into a link mark with a safe rel', () => {
    const paragraph = blocksToTiptap(stored).content![1]!;
    expect(paragraph.content).toEqual([
      { type: 'text', text: 'Negrita', marks: [{ type: 'bold' }] },
      { type: 'hardBreak' },
      {
        type: 'text',
        text: 'ir',
        marks: [{ type: 'italic' }, { type: 'link', attrs: { href: 'https://a.example', target: '_blank', rel: 'noopener noreferrer nofollow' } }],
      },
    ]);
  });

  it('never hands the editor an unsafe link or image', () => {
    const content = blocksToTiptap([
      { type: 'paragraph', children: [{ type: 'link', url: 'javascript:alert(1)', children: [{ text: 'x' }] }] },
      { type: 'image', url: 'javascript:alert(1)', children: [{ text: '' }] },
    ]).content!;
    expect(content).toEqual([{ type: 'paragraph', attrs: {}, content: [{ type: 'text', text: 'x' }] }]);
  });

  it('gives an empty document one empty paragraph, so the editor has a place for the cursor', () => {
    expect(blocksToTiptap([])).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
  });

  it('reads plain text (an older description) as one paragraph, and keeps its line breaks', () => {
    expect(descriptionToTiptap('Primera línea\nsegunda')).toEqual({
      type: 'doc',
      content: [{ type: 'paragraph', attrs: {}, content: [{ type: 'text', text: 'Primera línea' }, { type: 'hardBreak' }, { type: 'text', text: 'segunda' }] }],
    });
    expect(descriptionToTiptap(null)).toEqual({ type: 'doc', content: [{ type: 'paragraph', attrs: {} }] });
  });

  it('splits a paragraph holding blocks (as the original editor could store) into tiptap blocks', () => {
    const content = blocksToTiptap([
      { type: 'paragraph', children: [{ text: 'antes' }, { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'item' }] }] }, { text: 'después' }] },
    ]).content!;
    expect(content.map((n) => n.type)).toEqual(['paragraph', 'bulletList', 'paragraph']);
  });
});
