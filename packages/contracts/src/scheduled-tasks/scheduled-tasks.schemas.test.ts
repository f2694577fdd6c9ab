import { MESSAGES } from '../messages';
import { describeSchema, issuesOf, U1, U2 } from '../__tests__/helpers';
import {
  CreateScheduledTaskRequestSchema,
  ScheduledTaskListQuerySchema,
  ScheduledTaskResponseSchema,
  UpdateScheduledTaskRequestSchema,
} from './scheduled-tasks.schemas';

const v = MESSAGES.validation;
const valid = { tarea_uuid: U1, intervalo_repeticion: 7, proxima_ejecucion: '2030-01-01T03:00:00.000Z', activo: true };

describeSchema(
  'CreateScheduledTaskRequestSchema',
  CreateScheduledTaskRequestSchema,
  [
    { name: 'a full schedule', input: valid },
    { name: 'only task and interval', input: { tarea_uuid: U1, intervalo_repeticion: 1 } },
    { name: 'interval from a form string', input: { tarea_uuid: U1, intervalo_repeticion: '30' } },
    { name: 'a calendar date', input: { ...valid, proxima_ejecucion: '2030-01-01' } },
  ],
  [
    { name: 'missing task', input: { ...valid, tarea_uuid: undefined }, path: 'tarea_uuid', message: v.tareaRequired },
    { name: 'empty task', input: { ...valid, tarea_uuid: '' }, path: 'tarea_uuid', message: v.tareaRequired },
    { name: 'malformed task', input: { ...valid, tarea_uuid: 'x' }, path: 'tarea_uuid', message: v.invalidUuid },
    {
      name: 'missing interval',
      input: { ...valid, intervalo_repeticion: undefined },
      path: 'intervalo_repeticion',
      message: v.intervalRequired,
    },
    {
      name: 'empty interval',
      input: { ...valid, intervalo_repeticion: '' },
      path: 'intervalo_repeticion',
      message: v.intervalRequired,
    },
    {
      name: 'interval 0',
      input: { ...valid, intervalo_repeticion: 0 },
      path: 'intervalo_repeticion',
      message: v.intervalMin,
    },
    {
      name: 'negative interval',
      input: { ...valid, intervalo_repeticion: '-1' },
      path: 'intervalo_repeticion',
      message: v.intervalMin,
    },
    {
      name: 'fractional interval',
      input: { ...valid, intervalo_repeticion: 2.5 },
      path: 'intervalo_repeticion',
      message: v.intervalInteger,
    },
    {
      name: 'huge interval',
      input: { ...valid, intervalo_repeticion: 100000 },
      path: 'intervalo_repeticion',
      message: v.intervalMax,
    },
    {
      name: 'malformed date',
      input: { ...valid, proxima_ejecucion: 'mañana' },
      path: 'proxima_ejecucion',
      message: v.invalidDate,
    },
    { name: 'activo not boolean', input: { ...valid, activo: 1 }, path: 'activo', message: v.invalidBoolean },
  ],
);

describeSchema(
  'UpdateScheduledTaskRequestSchema',
  UpdateScheduledTaskRequestSchema,
  [
    { name: 'the toggle (only activo)', input: { activo: false } },
    { name: 'everything', input: valid },
    { name: 'only the interval', input: { intervalo_repeticion: '15' } },
    { name: 'nothing', input: {} },
  ],
  [
    { name: 'interval 0', input: { intervalo_repeticion: 0 }, path: 'intervalo_repeticion', message: v.intervalMin },
    { name: 'malformed task', input: { tarea_uuid: 'x' }, path: 'tarea_uuid', message: v.invalidUuid },
    {
      name: 'malformed date',
      input: { proxima_ejecucion: '2030-13-01' },
      path: 'proxima_ejecucion',
      message: v.invalidDate,
    },
  ],
);

describe('scheduled task output', () => {
  it('leaves omitted fields out of a toggle', () => {
    expect(UpdateScheduledTaskRequestSchema.parse({ activo: false })).toEqual({ activo: false });
    expect(UpdateScheduledTaskRequestSchema.parse({ intervalo_repeticion: '' })).toEqual({});
  });
  it('pages by 10', () => {
    expect(ScheduledTaskListQuerySchema.parse({ page: '2' })).toEqual({ page: 2, limit: 10 });
  });
  it('parses a response with the go-beyond fields', () => {
    const r = {
      uuid: U2,
      tarea_uuid: U1,
      tarea: { uuid: U1, titulo: 'Barrer', area: { uuid: U2, nombre: 'Depósito' } },
      intervalo_repeticion: 7,
      proxima_ejecucion: '2030-01-08T03:00:00.000Z',
      activo: true,
      ultima_ejecucion: null,
      total_generadas: 0,
    };
    expect(issuesOf(ScheduledTaskResponseSchema, r)).toEqual([]);
  });
});
