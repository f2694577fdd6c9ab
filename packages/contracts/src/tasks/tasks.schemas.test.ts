import { MESSAGES, textTooLongMax } from '../messages';
import { describeSchema, issuesOf, U1, U2, U3 } from '../__tests__/helpers';
import {
  CreateTaskRequestSchema,
  TaskListQuerySchema,
  TaskResponseSchema,
  UpdateTaskRequestSchema,
} from './tasks.schemas';
import { TaskSuggestionParamsSchema, UpsertSuggestionRequestSchema } from './suggestions.schemas';

const v = MESSAGES.validation;
const descripcion = '[{"type":"paragraph","children":[{"text":"Barrer el depósito"}]}]';

const validTask = {
  titulo: 'Barrer',
  descripcion,
  tipo_tarea_uuid: U1,
  area_uuid: U2,
  usuarios_asignados: [U3],
  fecha_vencimiento: '2030-05-10',
  user_uuid: U1,
};
const schedule = { proxima_ejecucion: '2030-05-08', intervalo_repeticion: 7 };

describeSchema(
  'CreateTaskRequestSchema',
  CreateTaskRequestSchema,
  [
    { name: 'a task', input: validTask },
    { name: 'a plain-text description', input: { ...validTask, descripcion: 'Barrer' } },
    { name: 'no user_uuid', input: { ...validTask, user_uuid: undefined } },
    { name: 'an ISO date-time due date', input: { ...validTask, fecha_vencimiento: '2030-05-10T03:00:00.000Z' } },
    { name: 'a null schedule', input: { ...validTask, programacion_tarea: null } },
    { name: 'a schedule (due 2 days after execution)', input: { ...validTask, programacion_tarea: schedule } },
    {
      name: 'a schedule due on the execution date',
      input: { ...validTask, fecha_vencimiento: '2030-05-08', programacion_tarea: schedule },
    },
    {
      name: 'a schedule due at execution + interval',
      input: { ...validTask, fecha_vencimiento: '2030-05-15', programacion_tarea: schedule },
    },
    {
      name: 'a weekly rule instead of an interval, due past a week (the service bounds it)',
      input: {
        ...validTask,
        fecha_vencimiento: '2030-05-20',
        programacion_tarea: { proxima_ejecucion: '2030-05-08', regla: 'FREQ=WEEKLY;BYDAY=MO,WE,FR' },
      },
    },
    {
      name: 'a rule with its end, count, calendar policy and lead',
      input: {
        ...validTask,
        programacion_tarea: {
          proxima_ejecucion: '2030-05-08',
          regla: 'FREQ=MONTHLY;BYDAY=-1FR',
          fin: '2031-05-08',
          repeticiones: null,
          dias_no_laborables: 'omitir',
          anticipacion_dias: '2',
        },
      },
    },
    {
      name: 'an interval from a form string',
      input: { ...validTask, programacion_tarea: { ...schedule, intervalo_repeticion: '7' } },
    },
  ],
  [
    { name: 'missing titulo', input: { ...validTask, titulo: undefined }, path: 'titulo', message: v.tituloRequired },
    { name: 'blank titulo', input: { ...validTask, titulo: '  ' }, path: 'titulo', message: v.tituloRequired },
    {
      name: 'titulo too long',
      input: { ...validTask, titulo: 'x'.repeat(201) },
      path: 'titulo',
      message: textTooLongMax(200),
    },
    {
      name: 'missing descripcion',
      input: { ...validTask, descripcion: undefined },
      path: 'descripcion',
      message: v.descripcionRequired,
    },
    {
      name: 'blank document',
      input: { ...validTask, descripcion: '[{"type":"paragraph","children":[{"text":" "}]}]' },
      path: 'descripcion',
      message: v.descripcionRequired,
    },
    {
      name: 'bad document',
      input: { ...validTask, descripcion: '[{"type":"video","children":[{"text":"x"}]}]' },
      path: 'descripcion',
      message: v.invalidRichText,
    },
    {
      name: 'unsafe link',
      input: { ...validTask, descripcion: '[{"type":"link","url":"javascript:x","children":[{"text":"x"}]}]' },
      path: 'descripcion',
      message: v.invalidUrl,
    },
    {
      name: 'descripcion too long',
      input: { ...validTask, descripcion: 'x'.repeat(20_001) },
      path: 'descripcion',
      message: textTooLongMax(20000),
    },
    {
      name: 'missing tipo_tarea_uuid',
      input: { ...validTask, tipo_tarea_uuid: undefined },
      path: 'tipo_tarea_uuid',
      message: v.tipoTareaRequired,
    },
    {
      name: 'empty tipo_tarea_uuid',
      input: { ...validTask, tipo_tarea_uuid: '' },
      path: 'tipo_tarea_uuid',
      message: v.tipoTareaRequired,
    },
    {
      name: 'missing area_uuid',
      input: { ...validTask, area_uuid: undefined },
      path: 'area_uuid',
      message: v.areaRequired,
    },
    {
      name: 'malformed area_uuid',
      input: { ...validTask, area_uuid: 'ventas' },
      path: 'area_uuid',
      message: v.invalidUuid,
    },
    {
      name: 'missing usuarios_asignados',
      input: { ...validTask, usuarios_asignados: undefined },
      path: 'usuarios_asignados',
      message: v.usuariosAsignadosRequired,
    },
    {
      name: 'empty usuarios_asignados',
      input: { ...validTask, usuarios_asignados: [] },
      path: 'usuarios_asignados',
      message: v.usuariosAsignadosRequired,
    },
    {
      name: 'malformed assignee',
      input: { ...validTask, usuarios_asignados: ['x'] },
      path: 'usuarios_asignados.0',
      message: v.invalidUuid,
    },
    {
      name: 'missing fecha_vencimiento',
      input: { ...validTask, fecha_vencimiento: undefined },
      path: 'fecha_vencimiento',
      message: v.fechaVencimientoRequired,
    },
    {
      name: 'empty fecha_vencimiento',
      input: { ...validTask, fecha_vencimiento: '' },
      path: 'fecha_vencimiento',
      message: v.fechaVencimientoRequired,
    },
    {
      name: 'malformed fecha_vencimiento',
      input: { ...validTask, fecha_vencimiento: '10/05/2030' },
      path: 'fecha_vencimiento',
      message: v.invalidDate,
    },
    { name: 'malformed user_uuid', input: { ...validTask, user_uuid: 'x' }, path: 'user_uuid', message: v.invalidUuid },
    {
      name: 'schedule without date',
      input: { ...validTask, programacion_tarea: { intervalo_repeticion: 7 } },
      path: 'programacion_tarea.proxima_ejecucion',
      message: v.fechaRequired,
    },
    {
      name: 'schedule with empty date',
      input: { ...validTask, programacion_tarea: { ...schedule, proxima_ejecucion: '' } },
      path: 'programacion_tarea.proxima_ejecucion',
      message: v.fechaRequired,
    },
    {
      name: 'schedule without interval',
      input: { ...validTask, programacion_tarea: { proxima_ejecucion: '2030-05-08' } },
      path: 'programacion_tarea.intervalo_repeticion',
      message: v.intervalRequired,
    },
    {
      name: 'schedule with empty interval',
      input: { ...validTask, programacion_tarea: { ...schedule, intervalo_repeticion: '' } },
      path: 'programacion_tarea.intervalo_repeticion',
      message: v.intervalRequired,
    },
    {
      name: 'schedule with interval 0',
      input: { ...validTask, programacion_tarea: { ...schedule, intervalo_repeticion: 0 } },
      path: 'programacion_tarea.intervalo_repeticion',
      message: v.scheduleIntervalMin,
    },
    {
      name: 'schedule with fractional interval',
      input: { ...validTask, programacion_tarea: { ...schedule, intervalo_repeticion: 1.5 } },
      path: 'programacion_tarea.intervalo_repeticion',
      message: v.intervalInteger,
    },
    {
      name: 'schedule with a huge interval',
      input: { ...validTask, programacion_tarea: { ...schedule, intervalo_repeticion: 3651 } },
      path: 'programacion_tarea.intervalo_repeticion',
      message: v.intervalMax,
    },
    {
      name: 'schedule with an unknown rule',
      input: { ...validTask, programacion_tarea: { proxima_ejecucion: '2030-05-08', regla: 'FREQ=HOURLY' } },
      path: 'programacion_tarea.regla',
      message: v.ruleFreqUnsupported,
    },
    {
      name: 'schedule with a rule and a wrong policy',
      input: {
        ...validTask,
        programacion_tarea: { proxima_ejecucion: '2030-05-08', regla: 'FREQ=DAILY', dias_no_laborables: 'quizas' },
      },
      path: 'programacion_tarea.dias_no_laborables',
      message: v.diasNoLaborablesInvalid,
    },
    {
      name: 'schedule with a rule and a lead over a year',
      input: {
        ...validTask,
        programacion_tarea: { proxima_ejecucion: '2030-05-08', regla: 'FREQ=DAILY', anticipacion_dias: 366 },
      },
      path: 'programacion_tarea.anticipacion_dias',
      message: v.anticipacionRange,
    },
    {
      name: 'schedule with zero repetitions',
      input: { ...validTask, programacion_tarea: { ...schedule, repeticiones: 0 } },
      path: 'programacion_tarea.repeticiones',
      message: v.repeticionesRange,
    },
    {
      name: 'a rule due before its start',
      input: {
        ...validTask,
        fecha_vencimiento: '2030-05-07',
        programacion_tarea: { proxima_ejecucion: '2030-05-08', regla: 'FREQ=WEEKLY;BYDAY=MO' },
      },
      path: 'fecha_vencimiento',
      message: v.dueDateBeforeExecution,
    },
    {
      name: 'due before execution',
      input: { ...validTask, fecha_vencimiento: '2030-05-07', programacion_tarea: schedule },
      path: 'fecha_vencimiento',
      message: v.dueDateBeforeExecution,
    },
    {
      name: 'due after execution + interval',
      input: { ...validTask, fecha_vencimiento: '2030-05-16', programacion_tarea: schedule },
      path: 'fecha_vencimiento',
      message: v.dueDateAfterInterval,
    },
  ],
);

describe('CreateTaskRequestSchema dates', () => {
  it('compares schedule dates as calendar dates in the company time zone', () => {
    // 02:00Z on the 8th is still the 7th in Buenos Aires (UTC-3): due the 7th is not before execution.
    const input = {
      ...validTask,
      fecha_vencimiento: '2030-05-07',
      programacion_tarea: { ...schedule, proxima_ejecucion: '2030-05-08T02:00:00.000Z' },
    };
    expect(issuesOf(CreateTaskRequestSchema, input)).toEqual([]);
  });
  it('removes duplicate assignees', () => {
    expect(
      CreateTaskRequestSchema.parse({ ...validTask, usuarios_asignados: [U3, U3, U1] }).usuarios_asignados,
    ).toEqual([U3, U1]);
  });
});

const validUpdate = { titulo: 'Barrer', tipo_tarea_uuid: U1, area_uuid: U2, usuarios_asignados: [U3] };

describeSchema(
  'UpdateTaskRequestSchema',
  UpdateTaskRequestSchema,
  [
    { name: 'without a description', input: validUpdate },
    { name: 'with an empty description', input: { ...validUpdate, descripcion: '' } },
    { name: 'with a document', input: { ...validUpdate, descripcion } },
    { name: 'deactivating', input: { ...validUpdate, activo: false } },
    { name: 'adding a schedule', input: { ...validUpdate, programacion_tarea: schedule } },
    { name: 'removing the schedule', input: { ...validUpdate, programacion_tarea: null } },
  ],
  [
    { name: 'missing titulo', input: { ...validUpdate, titulo: '' }, path: 'titulo', message: v.tituloRequired },
    {
      name: 'missing tipo_tarea_uuid',
      input: { ...validUpdate, tipo_tarea_uuid: '' },
      path: 'tipo_tarea_uuid',
      message: v.tipoTareaRequired,
    },
    { name: 'missing area_uuid', input: { ...validUpdate, area_uuid: '' }, path: 'area_uuid', message: v.areaRequired },
    {
      name: 'empty usuarios_asignados',
      input: { ...validUpdate, usuarios_asignados: [] },
      path: 'usuarios_asignados',
      message: v.usuariosAsignadosRequired,
    },
    {
      name: 'bad document',
      input: { ...validUpdate, descripcion: '[{"type":1}]' },
      path: 'descripcion',
      message: v.invalidRichText,
    },
    {
      name: 'schedule interval 0',
      input: { ...validUpdate, programacion_tarea: { ...schedule, intervalo_repeticion: 0 } },
      path: 'programacion_tarea.intervalo_repeticion',
      message: v.scheduleIntervalMin,
    },
    { name: 'activo not boolean', input: { ...validUpdate, activo: 3 }, path: 'activo', message: v.invalidBoolean },
  ],
);

describeSchema(
  'TaskListQuerySchema',
  TaskListQuerySchema,
  [
    { name: 'nothing', input: {} },
    { name: 'every filter', input: { page: '1', titulo: 'barr', area_uuid: U1, user_uuid: U2, activo: 'true' } },
  ],
  [
    { name: 'malformed area', input: { area_uuid: 'x' }, path: 'area_uuid', message: v.invalidUuid },
    { name: 'malformed user', input: { user_uuid: 'x' }, path: 'user_uuid', message: v.invalidUuid },
    { name: 'titulo too long', input: { titulo: 'x'.repeat(201) }, path: 'titulo', message: textTooLongMax(200) },
  ],
);

describeSchema(
  'UpsertSuggestionRequestSchema',
  UpsertSuggestionRequestSchema,
  [
    { name: 'a new suggestion', input: { descripcion: 'Usar guantes' } },
    {
      name: 'an edit with client fields',
      input: { descripcion: 'Usar guantes', suggestion_uuid: U1, creado_por_uuid: U2 },
    },
    { name: 'null ids', input: { descripcion: 'Usar guantes', suggestion_uuid: null, creado_por_uuid: null } },
  ],
  [
    { name: 'missing descripcion', input: {}, path: 'descripcion', message: v.sugerenciaRequired },
    { name: 'blank descripcion', input: { descripcion: '   ' }, path: 'descripcion', message: v.sugerenciaRequired },
    {
      name: 'descripcion too long',
      input: { descripcion: 'x'.repeat(5001) },
      path: 'descripcion',
      message: textTooLongMax(5000),
    },
    {
      name: 'malformed suggestion_uuid',
      input: { descripcion: 'x', suggestion_uuid: 'x' },
      path: 'suggestion_uuid',
      message: v.invalidUuid,
    },
  ],
);

describeSchema(
  'TaskSuggestionParamsSchema',
  TaskSuggestionParamsSchema,
  [{ name: 'two uuids', input: { id: U1, suggestionId: U2 } }],
  [
    {
      name: 'malformed suggestionId',
      input: { id: U1, suggestionId: '1' },
      path: 'suggestionId',
      message: v.invalidUuid,
    },
  ],
);

describe('TaskResponseSchema', () => {
  it('parses a task with its schedule and suggestions', () => {
    const task = {
      uuid: U1,
      titulo: 'Barrer',
      descripcion,
      tipo_tarea_uuid: U2,
      tipo_tarea: { uuid: U2, nombre: 'Limpieza' },
      area_uuid: U3,
      area: { uuid: U3, nombre: 'Depósito' },
      activo: true,
      creado_por: { uuid: U1, nombre: 'Ana', apellido: 'Gómez' },
      fecha_creacion: '2030-01-01T10:00:00.000Z',
      usuarios_tareas: [{ uuid: U2, nombre: 'Juan', apellido: 'Pérez' }],
      programaciones_tareas: {
        uuid: U3,
        intervalo_repeticion: 7,
        proxima_ejecucion: '2030-01-08T03:00:00.000Z',
        activo: true,
        regla: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE,FR',
        regla_descripcion: 'Cada semana: lunes, miércoles y viernes',
        fin: null,
        repeticiones: 10,
        dias_no_laborables: 'siguiente_habil',
        anticipacion_dias: 0,
      },
      sugerencias: [{ uuid: U2, descripcion: 'x', creado_por_uuid: U1, fecha_creacion: '2030-01-02T10:00:00.000Z' }],
      checklist: [{ uuid: U3, texto: 'Afilar la sierra', requiere_foto: true, requiere_nota: false, minutos_estimados: 15 }],
      equipo: { uuid: U1, codigo: 'SIE-01', nombre: 'Sierra circular' },
      minutos_estimados: 90,
    };
    expect(issuesOf(TaskResponseSchema, task)).toEqual([]);
    expect(issuesOf(TaskResponseSchema, { ...task, programaciones_tareas: null })).toEqual([]);
  });
});
