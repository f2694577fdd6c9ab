import { MESSAGES } from '../messages';
import { describeSchema, issuesOf, U1, U2 } from '../__tests__/helpers';
import {
  CreateScheduledTaskRequestSchema,
  ScheduledTaskListQuerySchema,
  ScheduledTaskResponseSchema,
  SchedulePreviewQuerySchema,
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
    { name: 'a weekly rule instead of an interval', input: { tarea_uuid: U1, regla: 'FREQ=WEEKLY;BYDAY=MO,WE,FR' } },
    { name: 'a rule with an end date', input: { tarea_uuid: U1, regla: 'FREQ=MONTHLY;BYDAY=-1FR', fin: '2031-12-31' } },
    { name: 'a policy and a lead', input: { ...valid, dias_no_laborables: 'omitir', anticipacion_dias: '2' } },
    {
      name: 'a rule with a count',
      input: { tarea_uuid: U1, regla: 'RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29', repeticiones: '10' },
    },
    {
      name: 'a calendar application’s rule',
      input: { tarea_uuid: U1, regla: 'RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=12;WKST=SU' },
    },
    { name: 'a bare weekly rule', input: { tarea_uuid: U1, regla: 'FREQ=WEEKLY' } },
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
    {
      name: 'an hourly rule',
      input: { tarea_uuid: U1, regla: 'FREQ=HOURLY' },
      path: 'regla',
      message: v.ruleFreqUnsupported,
    },
    {
      name: 'a rule with hours',
      input: { tarea_uuid: U1, regla: 'FREQ=DAILY;BYHOUR=9' },
      path: 'regla',
      message: v.rulePartUnsupported,
    },
    {
      name: 'a rule with COUNT and UNTIL',
      input: { tarea_uuid: U1, regla: 'FREQ=DAILY;COUNT=3;UNTIL=20301231' },
      path: 'regla',
      message: v.ruleCountAndUntil,
    },
    {
      name: 'a rule with COUNT above 1000',
      input: { tarea_uuid: U1, regla: 'FREQ=DAILY;COUNT=1001' },
      path: 'regla',
      message: v.repeticionesRange,
    },
    {
      name: 'a rule with an unknown part',
      input: { tarea_uuid: U1, regla: 'FREQ=DAILY;FOO=1' },
      path: 'regla',
      message: v.ruleInvalid,
    },
    { name: 'a rule that is not text', input: { tarea_uuid: U1, regla: 7 }, path: 'regla', message: v.ruleInvalid },
    {
      name: 'zero repetitions',
      input: { ...valid, repeticiones: 0 },
      path: 'repeticiones',
      message: v.repeticionesRange,
    },
    {
      name: 'too many repetitions',
      input: { ...valid, repeticiones: 1001 },
      path: 'repeticiones',
      message: v.repeticionesRange,
    },
    { name: 'a malformed end date', input: { ...valid, fin: '31/12/2030' }, path: 'fin', message: v.invalidDate },
    {
      name: 'an unknown non-working policy',
      input: { ...valid, dias_no_laborables: 'mover' },
      path: 'dias_no_laborables',
      message: v.diasNoLaborablesInvalid,
    },
    {
      name: 'a negative lead',
      input: { ...valid, anticipacion_dias: -1 },
      path: 'anticipacion_dias',
      message: v.anticipacionRange,
    },
  ],
);

describeSchema(
  'SchedulePreviewQuerySchema',
  SchedulePreviewQuerySchema,
  [
    { name: 'a rule alone', input: { regla: 'FREQ=WEEKLY;BYDAY=MO' } },
    {
      name: 'every field',
      input: { regla: 'FREQ=DAILY;INTERVAL=2', desde: '2030-01-01', fin: '2030-02-01', repeticiones: '3', n: '50' },
    },
  ],
  [
    { name: 'no rule', input: {}, path: 'regla', message: v.ruleInvalid },
    { name: 'a blank rule', input: { regla: '' }, path: 'regla', message: v.ruleInvalid },
    { name: 'more than 50 dates', input: { regla: 'FREQ=DAILY', n: '51' }, path: 'n', message: v.previewCount },
    { name: 'zero dates', input: { regla: 'FREQ=DAILY', n: '0' }, path: 'n', message: v.previewCount },
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
    { name: 'back to a plain interval, without end', input: { regla: null, fin: null, repeticiones: null } },
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
      tarea: { uuid: U1, titulo: 'Barrer', area: { uuid: U2, nombre: 'Depósito' }, equipo: null },
      intervalo_repeticion: 7,
      regla: 'FREQ=DAILY;INTERVAL=7',
      regla_descripcion: 'Cada 7 días',
      fin: null,
      repeticiones: null,
      fechas_generadas: 0,
      dias_no_laborables: 'generar',
      anticipacion_dias: 0,
      proxima_ejecucion: '2030-01-08T03:00:00.000Z',
      activo: true,
      ultima_ejecucion: null,
      total_generadas: 0,
    };
    expect(issuesOf(ScheduledTaskResponseSchema, r)).toEqual([]);
  });
});

describe('preview query output', () => {
  it('answers the rule in canonical form, 5 dates and no lead by default', () => {
    expect(SchedulePreviewQuerySchema.parse({ regla: 'rrule:freq=weekly;byday=fr,mo' })).toEqual({
      regla: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,FR',
      dias_no_laborables: 'siguiente_habil',
      anticipacion_dias: 0,
      n: 5,
    });
  });
});
