import { MESSAGES } from '../messages';
import { describeSchema, issuesOf, U1, U2 } from '../__tests__/helpers';
import {
  downtimeFileName,
  DowntimeFiltersSchema,
  DowntimeQuerySchema,
  DowntimeResponseSchema,
  hoursText,
} from './downtime.schemas';

const v = MESSAGES.validation;

describeSchema(
  'DowntimeQuerySchema',
  DowntimeQuerySchema,
  [
    { name: 'no filters', input: {} },
    {
      name: 'every filter',
      input: {
        page: '2',
        limit: '20',
        area_uuids: `${U1},${U2}`,
        start_date: '2030-01-01',
        end_date: '2030-01-31',
        sort: 'mtbf_horas',
        order: 'asc',
      },
    },
    { name: 'blank dates', input: { start_date: '', end_date: '' } },
    { name: 'sorted by code', input: { sort: 'codigo' } },
  ],
  [
    { name: 'an unknown sort', input: { sort: 'precio' }, path: 'sort', message: v.downtimeSortInvalid },
    { name: 'an unknown order', input: { order: 'arriba' }, path: 'order', message: v.downtimeOrderInvalid },
    { name: 'a malformed area', input: { area_uuids: 'x' }, path: 'area_uuids.0', message: v.invalidUuid },
    { name: 'a malformed date', input: { start_date: '01/01/2030' }, path: 'start_date', message: v.invalidDate },
    {
      name: 'an end before the start',
      input: { start_date: '2030-02-01', end_date: '2030-01-31' },
      path: 'end_date',
      message: v.dateRangeInvalid,
    },
    { name: 'a limit over 100', input: { limit: 101 }, path: 'limit', message: v.invalidLimit },
  ],
);

describeSchema(
  'DowntimeFiltersSchema',
  DowntimeFiltersSchema,
  [
    { name: 'no filters', input: {} },
    { name: 'an area and a period', input: { area_uuids: U1, start_date: '2030-01-01', end_date: '2030-01-01' } },
  ],
  [
    {
      name: 'an end before the start',
      input: { start_date: '2030-02-01', end_date: '2030-01-31' },
      path: 'end_date',
      message: v.dateRangeInvalid,
    },
  ],
);

const figures = {
  horas_detenido: 24,
  horas_mantenimiento: 2,
  horas_operativo: 214,
  fallas: 2,
  mtbf_horas: 107,
  mttr_horas: 12,
  preventivas: 3,
  preventivas_a_tiempo: 1,
  preventivas_tarde: 1,
  preventivas_vencidas: 1,
  correctivas: 2,
};
const machine = {
  equipo: { uuid: U1, codigo: 'SIE-01', nombre: 'Sierra', area: { uuid: U2, nombre: 'Carpintería' } },
  ...figures,
  serie: [{ desde: '2030-01-01', horas_detenido: 6 }],
};
const response = {
  desde: '2030-01-01',
  hasta: '2030-01-10',
  granularidad: 'dia',
  total: { equipos: 1, ...figures },
  por_area: [{ area_uuid: U2, nombre: 'Carpintería', equipos: 1, ...figures }],
  data: [machine],
  meta: { totalItems: 1, currentPage: 1, limit: 10, totalPages: 1 },
};

describe('DowntimeResponseSchema', () => {
  it.each([
    ['a machine with failures', response],
    ['no failures: no MTBF or MTTR', { ...response, total: { ...response.total, mtbf_horas: null, mttr_horas: null } }],
  ])('accepts %s', (_name, input) => expect(DowntimeResponseSchema.safeParse(input).success).toBe(true));

  it.each([
    ['negative hours', { ...response, total: { ...response.total, horas_detenido: -1 } }, 'total.horas_detenido'],
    ['an unknown granularity', { ...response, granularidad: 'mes' }, 'granularidad'],
    ['fractional failures', { ...response, data: [{ ...machine, fallas: 1.5 }] }, 'data.0.fallas'],
  ])('rejects %s', (_name, input, path) =>
    expect(issuesOf(DowntimeResponseSchema, input).map((i) => i.path)).toContain(path),
  );
});

describe('downtime texts', () => {
  it.each([
    [null, '—'],
    [0, '0'],
    [12, '12'],
    [12.25, '12,3'],
    [0.04, '0'],
  ])('hoursText(%p) is %p', (h, text) => expect(hoursText(h)).toBe(text));

  it('names the CSV after today', () => expect(downtimeFileName('2030-01-31')).toBe('Paradas-2030-01-31.csv'));
});
