import { MESSAGES, textTooLongMax } from '../messages';
import { describeSchema, issuesOf, U1, U2, U3 } from '../__tests__/helpers';
import {
  ArchiveAssignedTaskRequestSchema,
  AssignedTaskResponseSchema,
  BoardQuerySchema,
  ChangeAssignedTaskStatusRequestSchema,
  CreateAssignedTaskRequestSchema,
  UpdateAssignedTaskRequestSchema,
} from './assigned-tasks.schemas';
import {
  CommentParamsSchema,
  CommentListQuerySchema,
  CommentListResponseSchema,
  CommentResponseSchema,
  CreateCommentRequestSchema,
  UpdateCommentRequestSchema,
} from './comments.schemas';

const v = MESSAGES.validation;

describeSchema(
  'UpdateAssignedTaskRequestSchema',
  UpdateAssignedTaskRequestSchema,
  [
    { name: 'a status change', input: { estado_uuid: U1 } },
    { name: 'an archive without rating', input: { archivada: true } },
    {
      name: 'an archive with rating and notes',
      input: { archivada: true, calificacion: 5, observaciones: 'Muy bien' },
    },
    { name: 'a rating from a select', input: { archivada: true, calificacion: '3' } },
    { name: 'no rating (select cleared)', input: { archivada: true, calificacion: '', observaciones: null } },
    { name: 'an un-archive', input: { archivada: false } },
  ],
  [
    { name: 'an empty body', input: {}, path: 'estado_uuid', message: v.assignedTaskUpdateEmpty },
    { name: 'a malformed status', input: { estado_uuid: 'pendiente' }, path: 'estado_uuid', message: v.invalidUuid },
    {
      name: 'rating 0',
      input: { archivada: true, calificacion: 0 },
      path: 'calificacion',
      message: v.calificacionRange,
    },
    {
      name: 'rating 6',
      input: { archivada: true, calificacion: 6 },
      path: 'calificacion',
      message: v.calificacionRange,
    },
    {
      name: 'fractional rating',
      input: { archivada: true, calificacion: 2.5 },
      path: 'calificacion',
      message: v.calificacionRange,
    },
    {
      name: 'text rating',
      input: { archivada: true, calificacion: 'bueno' },
      path: 'calificacion',
      message: v.calificacionRange,
    },
    {
      name: 'notes too long',
      input: { archivada: true, observaciones: 'x'.repeat(5001) },
      path: 'observaciones',
      message: textTooLongMax(5000),
    },
    { name: 'archivada not boolean', input: { archivada: 'si' }, path: 'archivada', message: v.invalidBoolean },
  ],
);

describeSchema(
  'ChangeAssignedTaskStatusRequestSchema',
  ChangeAssignedTaskStatusRequestSchema,
  [{ name: 'a status', input: { estado_uuid: U1 } }],
  [
    { name: 'no status', input: {}, path: 'estado_uuid', message: v.estadoRequired },
    { name: 'empty status', input: { estado_uuid: '' }, path: 'estado_uuid', message: v.estadoRequired },
  ],
);

describeSchema(
  'ArchiveAssignedTaskRequestSchema',
  ArchiveAssignedTaskRequestSchema,
  [
    { name: 'nothing (archivada defaults to true)', input: {} },
    { name: 'every field', input: { archivada: true, calificacion: 1, observaciones: 'Incompleta' } },
  ],
  [
    { name: 'archivada false', input: { archivada: false }, path: 'archivada', message: v.invalidBoolean },
    { name: 'rating 7', input: { calificacion: 7 }, path: 'calificacion', message: v.calificacionRange },
  ],
);

describe('archive transforms', () => {
  it('defaults archivada to true and turns an empty rating into undefined', () => {
    expect(ArchiveAssignedTaskRequestSchema.parse({ calificacion: '' })).toEqual({ archivada: true });
    expect(
      UpdateAssignedTaskRequestSchema.parse({ archivada: true, calificacion: '4', observaciones: ' ok ' }),
    ).toEqual({
      archivada: true,
      calificacion: 4,
      observaciones: 'ok',
    });
  });
});

describeSchema(
  'CreateAssignedTaskRequestSchema',
  CreateAssignedTaskRequestSchema,
  [
    { name: 'an assignment', input: { tarea_uuid: U1, usuarios_asignados: [U2], fecha_vencimiento: '2030-01-01' } },
    {
      name: 'with a status',
      input: { tarea_uuid: U1, usuarios_asignados: [U2, U3], fecha_vencimiento: '2030-01-01', estado_uuid: U3 },
    },
  ],
  [
    {
      name: 'no task',
      input: { usuarios_asignados: [U2], fecha_vencimiento: '2030-01-01' },
      path: 'tarea_uuid',
      message: v.tareaRequired,
    },
    {
      name: 'no users',
      input: { tarea_uuid: U1, usuarios_asignados: [], fecha_vencimiento: '2030-01-01' },
      path: 'usuarios_asignados',
      message: v.usuariosAsignadosRequired,
    },
    {
      name: 'no due date',
      input: { tarea_uuid: U1, usuarios_asignados: [U2] },
      path: 'fecha_vencimiento',
      message: v.fechaVencimientoRequired,
    },
  ],
);

describeSchema(
  'BoardQuerySchema',
  BoardQuerySchema,
  [
    { name: 'no filters', input: {} },
    { name: 'comma-joined lists', input: { area: `${U1},${U2}`, users: U3 } },
    { name: 'repeated keys', input: { users: [U1, U2] } },
    { name: 'empty strings', input: { area: '', users: '' } },
  ],
  [
    { name: 'a malformed area', input: { area: `${U1},x` }, path: 'area.1', message: v.invalidUuid },
    { name: 'a malformed user', input: { users: 'x' }, path: 'users.0', message: v.invalidUuid },
  ],
);

describe('BoardQuerySchema output', () => {
  it('splits comma-joined uuids', () => {
    expect(BoardQuerySchema.parse({ area: `${U1}, ${U2}` })).toEqual({ area: [U1, U2] });
  });
});

for (const [title, schema] of [
  ['CreateCommentRequestSchema', CreateCommentRequestSchema],
  ['UpdateCommentRequestSchema', UpdateCommentRequestSchema],
] as const) {
  describeSchema(
    title,
    schema,
    [
      { name: 'a comment', input: { texto: 'Listo' } },
      { name: 'a comment with surrounding spaces', input: { texto: '  Listo  ' } },
    ],
    [
      { name: 'missing texto', input: {}, path: 'texto', message: v.comentarioRequired },
      { name: 'empty texto', input: { texto: '' }, path: 'texto', message: v.comentarioRequired },
      { name: 'whitespace-only texto', input: { texto: ' \n\t ' }, path: 'texto', message: v.comentarioRequired },
      { name: 'texto too long', input: { texto: 'x'.repeat(5001) }, path: 'texto', message: textTooLongMax(5000) },
    ],
  );
}

describeSchema(
  'CommentParamsSchema',
  CommentParamsSchema,
  [{ name: 'two uuids', input: { id: U1, commentId: U2 } }],
  [{ name: 'malformed commentId', input: { id: U1, commentId: '7' }, path: 'commentId', message: v.invalidUuid }],
);

describe('assigned task responses', () => {
  const assigned = {
    uuid: U1,
    estado_uuid: U2,
    estado: { uuid: U2, nombre: 'Pendiente', color: '#FFCC00', order: 1 },
    fecha_vencimiento: '2030-01-02T03:00:00.000Z',
    fecha_asignacion: '2030-01-01T03:00:00.000Z',
    empleado: { uuid: U3, nombre: 'Juan', apellido: 'Pérez', username: 'jperez' },
    tarea: {
      uuid: U1,
      titulo: 'Barrer',
      descripcion: 'Barrer',
      tipo_tarea: { uuid: U2, nombre: 'Limpieza' },
      area: { uuid: U3, nombre: 'Depósito' },
      programaciones_tareas: null,
      equipo: null,
    },
    archivada: false,
    calificacion: null,
    observaciones: null,
    checklist_progreso: { hechos: 0, total: 0 },
  };
  it('parses an assigned task with and without history', () => {
    expect(issuesOf(AssignedTaskResponseSchema, assigned)).toEqual([]);
    const historial = [
      {
        uuid: U2,
        tipo: 'estado',
        detalle: 'Pendiente → En curso',
        usuario: { nombre: 'Ana', apellido: 'Gómez' },
        fecha: '2030-01-01T04:00:00.000Z',
      },
    ];
    expect(issuesOf(AssignedTaskResponseSchema, { ...assigned, historial })).toEqual([]);
    expect(
      issuesOf(AssignedTaskResponseSchema, { ...assigned, historial: [{ ...historial[0], tipo: 'otro' }] }),
    ).not.toEqual([]);
  });
  it('parses a comment', () => {
    const comment = {
      uuid: U1,
      texto: 'Listo',
      usuario: { nombre: 'Ana', apellido: 'Gómez' },
      usuario_uuid: U2,
      fecha_creacion: '2030-01-01T04:00:00.000Z',
      editado: false,
    };
    expect(issuesOf(CommentResponseSchema, comment)).toEqual([]);
    expect(issuesOf(CommentListResponseSchema, { data: [comment], hay_mas: true })).toEqual([]);
    expect(CommentListQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(CommentListQuerySchema.parse({ antes: U1, limit: '5' })).toEqual({ antes: U1, limit: 5 });
    for (const limit of ['0', '101', '2.5', 'x']) {
      expect(issuesOf(CommentListQuerySchema, { limit })).toEqual([
        { path: 'limit', message: 'El límite de comentarios debe ser un número entero entre 1 y 100' },
      ]);
    }
  });
});
