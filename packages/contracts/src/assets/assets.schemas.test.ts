import { MESSAGES, textTooLongMax } from '../messages';
import { describeSchema, U1 } from '../__tests__/helpers';
import {
  AssetCodeSchema,
  AssetListQuerySchema,
  ChangeAssetStateRequestSchema,
  CreateAssetRequestSchema,
} from './assets.schemas';

const m = MESSAGES.assets;
const v = MESSAGES.validation;

describe('AssetCodeSchema', () => {
  it('trims and upper-cases', () => {
    expect(AssetCodeSchema.parse('  sie-01 ')).toBe('SIE-01');
    expect(AssetCodeSchema.parse('a.b_c-9')).toBe('A.B_C-9');
  });
});

describeSchema(
  'CreateAssetRequestSchema',
  CreateAssetRequestSchema,
  [
    { name: 'the required fields', input: { codigo: 'SIE-01', nombre: 'Sierra', area_uuid: U1 } },
    {
      name: 'every field',
      input: { codigo: 'sie-01', nombre: 'Sierra', area_uuid: U1, padre_uuid: U1, fabricante: 'A', modelo: 'B', numero_serie: 'C' },
    },
    { name: 'a blank parent (none)', input: { codigo: 'X1', nombre: 'Sierra', area_uuid: U1, padre_uuid: '' } },
  ],
  [
    { name: 'missing code', input: { nombre: 'Sierra', area_uuid: U1 }, path: 'codigo', message: m.codigoRequired },
    { name: 'blank code', input: { codigo: '  ', nombre: 'Sierra', area_uuid: U1 }, path: 'codigo', message: m.codigoRequired },
    { name: 'code too long', input: { codigo: 'A'.repeat(21), nombre: 'S', area_uuid: U1 }, path: 'codigo', message: textTooLongMax(20) },
    { name: 'code with a space', input: { codigo: 'SIE 01', nombre: 'S', area_uuid: U1 }, path: 'codigo', message: m.codigoInvalid },
    { name: 'code starting with a dash', input: { codigo: '-SIE', nombre: 'S', area_uuid: U1 }, path: 'codigo', message: m.codigoInvalid },
    { name: 'code with an accent', input: { codigo: 'TUPÍ', nombre: 'S', area_uuid: U1 }, path: 'codigo', message: m.codigoInvalid },
    { name: 'reserved code', input: { codigo: 'labels.pdf', nombre: 'S', area_uuid: U1 }, path: 'codigo', message: m.codigoReserved },
    { name: 'missing name', input: { codigo: 'S1', area_uuid: U1 }, path: 'nombre', message: v.nombreRequired },
    { name: 'name too long', input: { codigo: 'S1', nombre: 'x'.repeat(201), area_uuid: U1 }, path: 'nombre', message: textTooLongMax(200) },
    { name: 'missing area', input: { codigo: 'S1', nombre: 'S' }, path: 'area_uuid', message: m.areaRequired },
    { name: 'bad parent', input: { codigo: 'S1', nombre: 'S', area_uuid: U1, padre_uuid: 'x' }, path: 'padre_uuid', message: v.invalidUuid },
    {
      name: 'maker too long',
      input: { codigo: 'S1', nombre: 'S', area_uuid: U1, fabricante: 'x'.repeat(121) },
      path: 'fabricante',
      message: textTooLongMax(120),
    },
  ],
);

describeSchema(
  'ChangeAssetStateRequestSchema',
  ChangeAssetStateRequestSchema,
  [{ name: 'a state and a reason', input: { estado: 'mantenimiento', motivo: 'Cambio de banda' } }],
  [
    { name: 'missing state', input: { motivo: 'x' }, path: 'estado', message: m.estadoInvalid },
    { name: 'unknown state', input: { estado: 'roto', motivo: 'x' }, path: 'estado', message: m.estadoInvalid },
    { name: 'missing reason', input: { estado: 'detenido' }, path: 'motivo', message: m.motivoRequired },
    { name: 'blank reason', input: { estado: 'detenido', motivo: '  ' }, path: 'motivo', message: m.motivoRequired },
  ],
);

describeSchema(
  'AssetListQuerySchema',
  AssetListQuerySchema,
  [
    { name: 'nothing', input: {} },
    { name: 'every filter', input: { page: '2', limit: '50', q: 'sierra', area: U1, estado: 'detenido' } },
    { name: 'blank filters', input: { q: '', area: '', estado: '' } },
  ],
  [
    { name: 'unknown state', input: { estado: 'x' }, path: 'estado', message: m.estadoInvalid },
    { name: 'bad area', input: { area: 'x' }, path: 'area', message: v.invalidUuid },
  ],
);
