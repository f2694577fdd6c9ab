import { MESSAGES, textTooLongMax } from '../messages';
import { issuesOf } from '../__tests__/helpers';
import {
  DescriptionSchema,
  RequiredDescriptionSchema,
  RichTextBlockSchema,
  RichTextDocumentSchema,
  descriptionToPlainText,
  isDescriptionEmpty,
  isSafeRichTextUrl,
  parseDescription,
} from './rich-text.schemas';

const v = MESSAGES.validation;
const doc = (value: unknown) => JSON.stringify(value);
const p = (text: string) => ({ type: 'paragraph', children: [{ text }] });

function nested(depth: number): unknown {
  let node: unknown = { type: 'block-quote', children: [{ text: 'x' }] };
  for (let i = 1; i < depth; i++) node = { type: 'block-quote', children: [node] };
  return [node];
}

describe('DescriptionSchema', () => {
  it.each([
    ['a plain string', 'Barrer el depósito'],
    ['an empty string', ''],
    ['plain text starting with a bracket', '[Urgente] revisar stock'],
    ['a number-looking string', '123'],
    ['the DECISIONS example', '[{"type":"paragraph","children":[{"text":"Barrer","bold":true}]}]'],
    ['an empty document', '[]'],
    [
      'every block type',
      doc([
        { type: 'heading-one', align: 'center', children: [{ text: 'T' }] },
        { type: 'heading-two', children: [{ text: 'T' }] },
        { type: 'heading-three', align: 'right', children: [{ text: 'T' }] },
        { type: 'block-quote', children: [{ text: 'cita', italic: true }] },
        { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: 'uno', underline: true }] }] },
        { type: 'numbered-list', children: [{ type: 'list-item', children: [{ text: 'dos' }] }] },
        { type: 'image', url: 'https://example.com/a.png', children: [{ text: '' }] },
        {
          type: 'paragraph',
          align: 'left',
          children: [{ text: 've ' }, { type: 'link', url: 'mailto:a@b.com', children: [{ text: 'aquí' }] }],
        },
      ]),
    ],
    ['depth 8', doc(nested(8))],
  ])('accepts %s', (_name, input) => {
    expect(issuesOf(DescriptionSchema, input)).toEqual([]);
  });

  it.each([
    ['broken JSON', '[{"type":"paragraph",', v.invalidRichText],
    ['an object instead of a list', doc({ type: 'paragraph', children: [] }), v.invalidRichText],
    ['an unknown block type', doc([{ type: 'video', children: [{ text: 'x' }] }]), v.invalidRichText],
    [
      'an unknown alignment',
      doc([{ type: 'paragraph', align: 'justify', children: [{ text: 'x' }] }]),
      v.invalidRichText,
    ],
    ['a block without children', doc([{ type: 'paragraph' }]), v.invalidRichText],
    [
      'a leaf with a non-boolean mark',
      doc([{ type: 'paragraph', children: [{ text: 'x', bold: 'yes' }] }]),
      v.invalidRichText,
    ],
    ['a leaf at the top level', doc([{ text: 'x' }]), v.invalidRichText],
    ['depth 9', doc(nested(9)), v.invalidRichText],
    [
      'a javascript: link',
      doc([{ type: 'link', url: 'javascript:alert(1)', children: [{ text: 'x' }] }]),
      v.invalidUrl,
    ],
    [
      'a data: image',
      doc([{ type: 'image', url: 'data:image/png;base64,AAAA', children: [{ text: '' }] }]),
      v.invalidUrl,
    ],
    ['an image without url', doc([{ type: 'image', children: [{ text: '' }] }]), v.invalidUrl],
    [
      'a nested bad link',
      doc([p('a'), { type: 'paragraph', children: [{ type: 'link', url: 'ftp://x.org', children: [{ text: 'x' }] }] }]),
      v.invalidUrl,
    ],
    ['a too long text', 'x'.repeat(20_001), textTooLongMax(20000)],
    ['a number', 5, v.invalidRichText],
  ])('rejects %s', (_name, input, message) => {
    expect(issuesOf(DescriptionSchema, input)).toContainEqual({ path: '', message });
  });

  it('keeps plain strings and re-serialises documents without unknown keys', () => {
    expect(DescriptionSchema.parse('Hola')).toBe('Hola');
    const out = DescriptionSchema.parse(doc([{ type: 'paragraph', foo: 1, children: [{ text: 'a', code: true }] }]));
    expect(JSON.parse(out)).toEqual([p('a')]);
  });

  it('survives very deep hostile input', () => {
    const deep = doc(nested(550));
    expect(deep.length).toBeLessThan(20_000);
    expect(issuesOf(DescriptionSchema, deep)).toContainEqual({ path: '', message: v.invalidRichText });
    // Brackets only are not a document: they are kept as plain text.
    expect(issuesOf(DescriptionSchema, '['.repeat(5000) + ']'.repeat(5000))).toEqual([]);
  });
});

describe('RequiredDescriptionSchema', () => {
  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
    [
      'a document with blank text',
      doc([p('  '), { type: 'bulleted-list', children: [{ type: 'list-item', children: [{ text: '' }] }] }]),
    ],
    ['an empty document', '[]'],
  ])('rejects %s with the required message', (_name, input) => {
    expect(issuesOf(RequiredDescriptionSchema, input)).toContainEqual({ path: '', message: v.descripcionRequired });
  });
  it('accepts an image-only document', () => {
    expect(
      issuesOf(
        RequiredDescriptionSchema,
        doc([{ type: 'image', url: 'https://x.org/a.png', children: [{ text: '' }] }]),
      ),
    ).toEqual([]);
  });
  it('still reports a bad document as such', () => {
    expect(issuesOf(RequiredDescriptionSchema, '[{"type":"x"')).toContainEqual({
      path: '',
      message: v.invalidRichText,
    });
  });
});

describe('RichTextBlockSchema and RichTextDocumentSchema', () => {
  it('report the url message at the url path', () => {
    expect(issuesOf(RichTextBlockSchema, { type: 'link', url: 'javascript:x', children: [] })).toContainEqual({
      path: 'url',
      message: v.invalidUrl,
    });
  });
  it('parse a document value', () => {
    expect(RichTextDocumentSchema.parse([p('a')])).toEqual([p('a')]);
  });
});

describe('parseDescription', () => {
  it.each([
    ['plain text', 'Hola', [p('Hola')]],
    ['null', null, [p('')]],
    ['undefined', undefined, [p('')]],
    ['a document', doc([p('a'), p('b')]), [p('a'), p('b')]],
    ['a broken document (falls back to text)', '[{"type":', [p('[{"type":')]],
  ])('reads %s', (_name, input, expected) => {
    expect(parseDescription(input)).toEqual(expected);
  });
});

describe('isDescriptionEmpty', () => {
  it.each([
    ['undefined', undefined, true],
    ['empty', '', true],
    ['blank text', ' \n ', true],
    ['blank document', doc([p(' '), p('')]), true],
    ['empty list', '[]', true],
    ['text', 'x', false],
    ['document with text', doc([p(''), p('a')]), false],
    ['image only', doc([{ type: 'image', url: 'https://x.org/a.png', children: [{ text: '' }] }]), false],
    [
      'link with blank text',
      doc([{ type: 'paragraph', children: [{ type: 'link', url: 'https://x.org', children: [{ text: '' }] }] }]),
      false,
    ],
  ])('%s -> %s', (_name, input, expected) => {
    expect(isDescriptionEmpty(input)).toBe(expected);
  });
});

describe('descriptionToPlainText and isSafeRichTextUrl', () => {
  it('flattens blocks and list items to lines', () => {
    const d = doc([
      { type: 'heading-one', children: [{ text: 'Título' }] },
      {
        type: 'bulleted-list',
        children: [
          { type: 'list-item', children: [{ text: 'uno' }] },
          { type: 'list-item', children: [{ text: 'dos' }] },
        ],
      },
      {
        type: 'paragraph',
        children: [{ text: 'ver ' }, { type: 'link', url: 'https://x.org', children: [{ text: 'enlace' }] }],
      },
    ]);
    expect(descriptionToPlainText(d)).toBe('Título\nuno\ndos\nver enlace');
    expect(descriptionToPlainText('texto plano')).toBe('texto plano');
  });
  it.each([
    ['https://example.com/a?b=c#d', true],
    ['http://localhost:3000', true],
    ['mailto:ana@example.com', true],
    ['HTTPS://EXAMPLE.COM', true],
    ['javascript:alert(1)', false],
    ['data:text/html,x', false],
    ['//example.com', false],
    ['https://', false],
    ['https://exa mple.com', false],
    ['ftp://example.com', false],
    ['/api/attachments/7ee46927-4ae4-4eeb-bbbe-413c856d7c1a', true],
    ['/api/attachments/7ee46927-4ae4-4eeb-bbbe-413c856d7c1a/miniatura', false],
    ['/api/attachments/../users', false],
    ['/api/users/7ee46927-4ae4-4eeb-bbbe-413c856d7c1a', false],
  ])('%s -> %s', (url, expected) => {
    expect(isSafeRichTextUrl(url)).toBe(expected);
  });
});
