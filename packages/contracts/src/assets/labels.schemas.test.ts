import { MESSAGES } from '../messages';
import { describeSchema } from '../__tests__/helpers';
import {
  assetCodeFromScan,
  LabelParamsSchema,
  LabelsSheetQuerySchema,
  labelGrid,
  labelSizeText,
  LABEL_SIZE_KEYS,
} from './labels.schemas';

const v = MESSAGES.validation;
const codes = (n: number) => Array.from({ length: n }, (_, i) => `EQ-${i}`).join(',');

describeSchema(
  'LabelsSheetQuerySchema',
  LabelsSheetQuerySchema,
  [
    { name: 'one code', input: { codes: 'SIE-01' } },
    { name: 'codes with a size', input: { codes: 'SIE-01, CNC-02,', tamano: 'pequena' } },
    { name: 'codes repeated', input: { codes: ['SIE-01', 'CNC_2.b'] } },
    { name: '500 codes', input: { codes: codes(500) } },
  ],
  [
    { name: 'no codes', input: {}, path: 'codes', message: v.labelCodesRequired },
    { name: 'blank codes', input: { codes: ' , ' }, path: 'codes', message: v.labelCodesRequired },
    { name: '501 codes', input: { codes: codes(501) }, path: 'codes', message: v.labelCodesMax },
    { name: 'a code with a space', input: { codes: 'SIE 01' }, path: 'codes.0', message: v.labelCodeInvalid },
    { name: 'a code with a slash', input: { codes: 'A,../B' }, path: 'codes.1', message: v.labelCodeInvalid },
    { name: 'a code too long', input: { codes: 'X'.repeat(21) }, path: 'codes.0', message: v.labelCodeInvalid },
    { name: 'an unknown size', input: { codes: 'A', tamano: 'gigante' }, path: 'tamano', message: v.labelSizeInvalid },
  ],
);

describeSchema(
  'LabelParamsSchema',
  LabelParamsSchema,
  [{ name: 'a code', input: { code: 'SIE-01' } }],
  [{ name: 'markup', input: { code: '<b>x</b>' }, path: 'code', message: v.labelCodeInvalid }],
);

describe('LabelsSheetQuerySchema', () => {
  it('keeps each code once, whatever its case, in order, and defaults the size to mediana', () => {
    expect(LabelsSheetQuerySchema.parse({ codes: 'b,A,a,B,c' })).toEqual({ codes: ['b', 'A', 'c'], tamano: 'mediana' });
  });
});

describe('labelGrid', () => {
  it('fits each size on an A4 sheet', () => {
    expect(LABEL_SIZE_KEYS.map((s) => [s, labelGrid(s).porHoja])).toEqual([
      ['pequena', 24],
      ['mediana', 10],
      ['grande', 6],
    ]);
    expect(labelSizeText('mediana')).toBe('Mediana (90 × 50 mm, 10 por hoja)');
  });
});

describe('assetCodeFromScan', () => {
  it.each([
    ['https://gestar.empresa.com/equipos/SIE-01', 'SIE-01'],
    ['http://localhost:5173/equipos/cnc.2/', 'cnc.2'],
    ['SIE-01', 'SIE-01'],
    ['  SIE-01\n', 'SIE-01'],
    ['https://gestar.empresa.com/equipos/SIE-01/historial', null],
    ['https://gestar.empresa.com/tareas/SIE-01', null],
    ['https://x.com/equipos/%E0%A4%A', null],
    ['https://x.com/equipos/..%2Fadmin', null],
    ['hola mundo', null],
    ['', null],
  ])('%j -> %j', (text, code) => {
    expect(assetCodeFromScan(text)).toBe(code);
  });
});
