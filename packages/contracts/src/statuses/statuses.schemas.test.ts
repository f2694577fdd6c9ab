import { MESSAGES, textTooLongMax } from '../messages';
import { describeSchema, issuesOf } from '../__tests__/helpers';
import { CreateStatusRequestSchema, StatusListQuerySchema, UpdateStatusRequestSchema } from './statuses.schemas';

const v = MESSAGES.validation;
const valid = { nombre: 'Pendiente', descripcion: 'Aún no empezada', order: 1, color: '#ffcc00' };

for (const [title, schema] of [
  ['CreateStatusRequestSchema', CreateStatusRequestSchema],
  ['UpdateStatusRequestSchema', UpdateStatusRequestSchema],
] as const) {
  describeSchema(
    title,
    schema,
    [
      { name: 'a status', input: valid },
      { name: 'order as a form string', input: { ...valid, order: '3' } },
      { name: 'upper-case color', input: { ...valid, color: '#A1B2C3' } },
      { name: 'the highest order', input: { ...valid, order: 1000 } },
      { name: 'each category', input: { ...valid, categoria: 'terminada' } },
      { name: 'en curso', input: { ...valid, categoria: 'en_curso' } },
    ],
    [
      { name: 'missing nombre', input: { ...valid, nombre: undefined }, path: 'nombre', message: v.nombreRequired },
      { name: 'blank nombre', input: { ...valid, nombre: '  ' }, path: 'nombre', message: v.nombreRequired },
      {
        name: 'missing descripcion',
        input: { ...valid, descripcion: undefined },
        path: 'descripcion',
        message: v.descripcionRequired,
      },
      {
        name: 'empty descripcion',
        input: { ...valid, descripcion: '' },
        path: 'descripcion',
        message: v.descripcionRequired,
      },
      {
        name: 'descripcion too long',
        input: { ...valid, descripcion: 'x'.repeat(2001) },
        path: 'descripcion',
        message: textTooLongMax(2000),
      },
      { name: 'missing order', input: { ...valid, order: undefined }, path: 'order', message: v.orderRequired },
      { name: 'empty order', input: { ...valid, order: '' }, path: 'order', message: v.orderRequired },
      { name: 'NaN order', input: { ...valid, order: Number.NaN }, path: 'order', message: v.orderRequired },
      { name: 'order 0', input: { ...valid, order: 0 }, path: 'order', message: v.orderMin },
      { name: 'negative order', input: { ...valid, order: '-2' }, path: 'order', message: v.orderMin },
      { name: 'fractional order', input: { ...valid, order: 1.5 }, path: 'order', message: v.orderInteger },
      {
        name: 'order above 1000',
        input: { ...valid, order: 1001 },
        path: 'order',
        message: 'El orden debe ser menor o igual a 1000',
      },
      {
        name: 'order above 1000 as a form string',
        input: { ...valid, order: '5000' },
        path: 'order',
        message: v.orderMax,
      },
      { name: 'missing color', input: { ...valid, color: undefined }, path: 'color', message: v.colorHex },
      { name: 'a colour word', input: { ...valid, color: 'rojo' }, path: 'color', message: v.colorHex },
      {
        name: 'unknown category',
        input: { ...valid, categoria: 'hecha' },
        path: 'categoria',
        message: v.categoriaInvalid,
      },
      { name: 'color without #', input: { ...valid, color: 'ffcc00' }, path: 'color', message: v.colorHex },
      { name: 'short color', input: { ...valid, color: '#fc0' }, path: 'color', message: v.colorHex },
      { name: 'non-hex color', input: { ...valid, color: '#gggggg' }, path: 'color', message: v.colorHex },
    ],
  );
}

describe('status transforms', () => {
  it('normalises the color to upper case and the order to a number', () => {
    expect(CreateStatusRequestSchema.parse({ ...valid, order: '2' })).toEqual({ ...valid, order: 2, color: '#FFCC00' });
  });
  it('lists statuses 100 per page by default', () => {
    expect(StatusListQuerySchema.parse({})).toEqual({ page: 1, limit: 100 });
    expect(issuesOf(StatusListQuerySchema, { limit: '101' })).toContainEqual({
      path: 'limit',
      message: v.invalidLimit,
    });
  });
});
